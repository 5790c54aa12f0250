#include <cstdio>

#include "budget_assertions.hpp"

int main() {
  std::printf("128x256x128 FINALIZE: %lld B (exceeds); with StageCount<2>: %lld B (fits)\n",
              static_cast<long long>(consumer::automatic->total), static_cast<long long>(consumer::two_stages->total));
}
