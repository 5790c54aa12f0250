// Compiled as C++17 by ctest (cxx17_refused): the model's headers must stop with their one message.
#include "smem_budget/budget.hpp"
