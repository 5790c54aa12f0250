// The budgets of budget_assertions.hpp, asserted by nvcc's front end.
#include "budget_assertions.hpp"
