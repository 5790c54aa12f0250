// The public entry point: one configuration and one architecture in, the kernel's shared memory,
// part by part, and a verdict out (evaluate.hpp); with what explains, suggests and sweeps it.
#pragma once

#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/evaluate.hpp"
