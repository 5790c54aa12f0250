// A sweep as an SVG heat map: one panel per schedule, rows M x N (the same rows in every panel, so
// that they line up), columns K, each cell labelled with its stage count and headroom and coloured
// by whether the kernel fits and, where it does, by how much room is left, in five steps that the
// legend names. Blues from ColorBrewer's sequential scale for fits; Okabe and Ito's orange and a
// dark grey for the rest, which readers with any colour-vision deficiency tell apart from blue (the
// labels say it too). Plain SVG text, no library.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "io/parse.hpp"
#include "render/render.hpp"

namespace smem_budget::render {
namespace {

constexpr int cell_width = 64, cell_height = 20, label_width = 84, panel_gap = 36;
constexpr int top = 132;  // title, counts and the two legend lines above the panels

struct Colours {
  const char* fill;
  const char* text;
  std::string meaning;
};

// A fitting kernel's cell by its headroom: at least `from_kib` KiB left, lightest (least) first.
struct HeadroomStep {
  bytes_t from_kib;
  const char* fill;
  const char* text;
};
constexpr std::array<HeadroomStep, 5> headroom_steps{{
    {0, "#c6dbef", "#000000"},
    {4, "#9ecae1", "#000000"},
    {16, "#6baed6", "#000000"},
    {32, "#3182bd", "#ffffff"},
    {64, "#08519c", "#ffffff"},
}};

std::string step_meaning(std::size_t i) {
  if (i + 1 == headroom_steps.size()) return fmt::format("fits, {} KiB or more left", headroom_steps[i].from_kib);
  return fmt::format("fits, {}-{} KiB left", headroom_steps[i].from_kib, headroom_steps[i + 1].from_kib);
}

Colours colours(const Budget& b) {
  switch (feasibility(b)) {
    case Feasibility::fits: {
      std::size_t i = headroom_steps.size() - 1;
      while (i > 0 && b.headroom < headroom_steps[i].from_kib * 1024) --i;
      return {headroom_steps[i].fill, headroom_steps[i].text, step_meaning(i)};
    }
    case Feasibility::overflows:
      return {"#e69f00", "#000000", "overflows with CUTLASS's stage count; fewer stages fit"};
    case Feasibility::never:
      return {"#4d4d4d", "#ffffff", "never fits"};
  }
  return {"#ffffff", "#000000", ""};
}

// The headroom in KiB as a cell shows it: "+8.0K", "−1.0K", "+120K" (one decimal under 10 KiB).
std::string headroom_kib(bytes_t headroom) {
  const bytes_t magnitude = headroom < 0 ? -headroom : headroom;
  const std::string sign = headroom < 0 ? "\u2212" : "+";
  if (magnitude < 10 * 1024) return fmt::format("{}{}.{}K", sign, magnitude / 1024, magnitude % 1024 * 10 / 1024);
  return fmt::format("{}{}K", sign, magnitude / 1024);
}

std::string escape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string text(int x, int y, const std::string& content, const char* extra = "") {
  return fmt::format("<text x=\"{}\" y=\"{}\"{}>{}</text>\n", x, y, extra, escape(content));
}

std::string tooltip(const Result& r) {
  const Budget& b = r.budget;
  // A sweep holds only what CUTLASS compiles, so every result has bytes.
  std::string out =
      fmt::format("{} {}: {} stages, {} B, headroom {} B", io::format_schedule(r.config.schedule),
                  io::format_tile(r.config.tile), b.decision.stages, group_digits(b.total), group_digits(b.headroom));
  if (b.verdict != Verdict::fits)
    out += b.max_fitting_stages ? fmt::format("; StageCount<{}> fits", *b.max_fitting_stages) : "; nothing fits";
  return out;
}

}  // namespace

std::string sweep_svg(const Report& report) {
  const SweepGrid map = sweep_grid(report);

  std::vector<std::vector<const SweepGrid::Row*>> panels;  // one per schedule, in order
  for (const SweepGrid::Row& row : map.rows) {
    if (panels.empty() || panels.back().front()->schedule != row.schedule) panels.emplace_back();
    panels.back().push_back(&row);
  }
  // Every panel draws every M x N that compiles under any schedule, in one order.
  std::vector<std::pair<bytes_t, bytes_t>> shapes;
  for (const SweepGrid::Row& row : map.rows) shapes.emplace_back(row.m, row.n);
  std::sort(shapes.begin(), shapes.end());
  shapes.erase(std::unique(shapes.begin(), shapes.end()), shapes.end());
  const int panel_width = label_width + int(map.ks.size()) * cell_width;
  const std::size_t tallest = shapes.size();
  const std::string title = "Shared memory of every tile CUTLASS compiles: " + sweep_title(report);
  const std::string counts = sweep_counts(report) +
                             ". Cell: stages CUTLASS picks and the headroom left in KiB; N>F: StageCount<F> fits; "
                             "x: nothing fits; -: not compiled (shape rule, or under 2 stages).";
  // Wide enough for the panels and for the title at about 8.5 px a character.
  const int width = std::max({640, int(panels.size()) * (panel_width + panel_gap) + 20, int(title.size()) * 17 / 2 + 40,
                              int(counts.size()) * 6 + 40});
  const int height = top + 24 + int(tallest) * cell_height + 20;

  std::string svg = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"11\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
      width, height);
  svg += text(20, 24, title, " font-size=\"14\" font-weight=\"bold\"");
  svg += text(20, 44, counts);
  // The legend: the headroom steps on one line, the kernels that do not fit on the next.
  const auto legend = [&](int& x, int y, const char* fill, const std::string& meaning) {
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\"/>\n", x, y, fill);
    svg += text(x + 20, y + 11, meaning);
    x += 20 + int(meaning.size()) * 6 + 24;
  };
  int legend_x = 20;
  for (std::size_t i = 0; i < headroom_steps.size(); ++i) legend(legend_x, 56, headroom_steps[i].fill, step_meaning(i));
  legend_x = 20;
  legend(legend_x, 80, "#e69f00", "overflows with CUTLASS's stage count; fewer stages fit");
  legend(legend_x, 80, "#4d4d4d", "never fits");

  for (std::size_t p = 0; p < panels.size(); ++p) {
    const int x0 = 20 + int(p) * (panel_width + panel_gap);
    svg +=
        text(x0, top - 14, std::string(io::format_schedule(panels[p].front()->schedule)) + " (rows M x N, columns K)",
             " font-weight=\"bold\"");
    for (std::size_t k = 0; k < map.ks.size(); ++k)
      svg += text(x0 + label_width + int(k) * cell_width + cell_width / 2, top + 4, fmt::format("K={}", map.ks[k]),
                  " text-anchor=\"middle\"");
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      const bytes_t m = shapes[i].first, n = shapes[i].second;  // not a structured binding: a lambda captures them
      const auto found = std::find_if(panels[p].begin(), panels[p].end(),
                                      [&](const SweepGrid::Row* row) { return row->m == m && row->n == n; });
      const int y = top + 12 + int(i) * cell_height;
      svg += text(x0, y + 14, fmt::format("{}x{}", m, n));
      for (std::size_t k = 0; k < map.ks.size(); ++k) {
        const int x = x0 + label_width + int(k) * cell_width;
        const Result* cell = found == panels[p].end() ? nullptr : (*found)->cells[k];
        const Colours c = cell ? colours(cell->budget) : Colours{"#eeeeee", "#9e9e9e", ""};
        svg += fmt::format(
            "<g><title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
            "stroke=\"#ffffff\"/>\n",
            escape(cell ? tooltip(*cell)
                        : fmt::format("{}x{}x{}: CUTLASS does not compile it (a shape rule, or fewer than 2 stages)", m,
                                      n, map.ks[k])),
            x, y, cell_width, cell_height, c.fill);
        svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"{}\">{}</text></g>\n",
                           x + cell_width / 2, y + 14, c.text,
                           escape(cell ? fmt::format("{} {}", sweep_cell(cell->budget), headroom_kib(cell->budget.headroom))
                                       : "-"));
      }
    }
  }
  return svg + "</svg>\n";
}

}  // namespace smem_budget::render
