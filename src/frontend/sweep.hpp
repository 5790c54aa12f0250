// A sweep: every tile the model compiles for one base configuration, as a report.
#pragma once

#include "report.hpp"

namespace smem_budget::frontend {

// `base` is every setting but the tile; the sweep covers the architecture's schedules, or only
// `base`'s when `schedule_given`. Throws io::InputError ("options: …") on a base the model refuses
// as a question.
Report sweep_report(const Config& base, bool schedule_given, const Architecture& arch);

}  // namespace smem_budget::frontend
