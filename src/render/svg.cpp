// A sweep as an SVG heat map: one panel per schedule, rows M x N (the same rows in every panel, so
// that they line up), columns K, each cell coloured by whether the kernel fits and labelled with
// its stage count. The colours are Okabe and Ito's blue and orange and a dark grey, which readers
// with any colour-vision deficiency tell apart (the labels say it too). Plain SVG text, no library.
#include <algorithm>

#include <fmt/format.h>

#include "io/parse.hpp"
#include "render/render.hpp"

namespace smem_budget::render {
namespace {

constexpr int cell_width = 64, cell_height = 20, label_width = 84, panel_gap = 36;
constexpr int top = 108;  // title, counts and legend above the panels

struct Colours {
  const char* fill;
  const char* text;
  const char* meaning;
};

Colours colours(Feasibility f) {
  switch (f) {
    case Feasibility::fits:
      return {"#0072b2", "#ffffff", "fits with the stages CUTLASS picks"};
    case Feasibility::overflows:
      return {"#e69f00", "#000000", "overflows with CUTLASS's stage count; fewer stages fit"};
    case Feasibility::never:
      return {"#4d4d4d", "#ffffff", "never fits"};
  }
  return {"#ffffff", "#000000", ""};
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
                             ". Cell: stages CUTLASS picks; N>F: StageCount<F> fits; x: nothing fits; "
                             "-: not compiled (shape rule, or under 2 stages).";
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
  int legend_x = 20;
  for (const Feasibility f : {Feasibility::fits, Feasibility::overflows, Feasibility::never}) {
    const Colours c = colours(f);
    svg += fmt::format("<rect x=\"{}\" y=\"56\" width=\"14\" height=\"14\" fill=\"{}\"/>\n", legend_x, c.fill);
    svg += text(legend_x + 20, 67, c.meaning);
    legend_x += 20 + int(std::string(c.meaning).size()) * 6 + 24;
  }

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
        const Colours c = cell ? colours(feasibility(cell->budget)) : Colours{"#eeeeee", "#9e9e9e", ""};
        svg += fmt::format(
            "<g><title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
            "stroke=\"#ffffff\"/>\n",
            escape(cell ? tooltip(*cell)
                        : fmt::format("{}x{}x{}: CUTLASS does not compile it (a shape rule, or fewer than 2 stages)", m,
                                      n, map.ks[k])),
            x, y, cell_width, cell_height, c.fill);
        svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"{}\">{}</text></g>\n",
                           x + cell_width / 2, y + 14, c.text, escape(cell ? sweep_cell(cell->budget) : "-"));
      }
    }
  }
  return svg + "</svg>\n";
}

}  // namespace smem_budget::render
