// Writes docs/interface.md's key reference from the key table: write_interface_md > docs/interface.md
#include <iostream>

#include "io/config_keys.hpp"

int main() { std::cout << smem_budget::io::key_reference_markdown(); }
