// smem-budget: the command line of src/cli/app.cpp.
#include "cli/app.hpp"

int main(int argc, char** argv) { return smem_budget::cli::run(argc, argv); }
