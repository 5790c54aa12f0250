// "Did you mean …?": the known name closest to a mistyped one, by edit distance.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace smem_budget::io {

// Levenshtein distance, case-insensitive.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// True when `word` is an abbreviation of `name`: same first letter, its letters in order ("md").
inline bool abbreviates(std::string_view word, std::string_view name) {
  if (word.size() < 2 || name.empty() || word.front() != name.front()) return false;
  std::size_t at = 0;
  for (char c : word)
    if ((at = name.find(c, at)) == std::string_view::npos)
      return false;
    else
      ++at;
  return true;
}

// The closest of `known` within a third of the word's length (at least 2 edits), else one it
// abbreviates or that begins it ("tile_shape": tile), or "".
template <class Names>
std::string nearest(std::string_view word, const Names& known) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& name : known) {
    const std::size_t d = edit_distance(word, name);
    if (d < best_distance) {
      best_distance = d;
      best = std::string(name);
    }
  }
  if (best.empty())
    for (const auto& name : known) {
      const std::string_view n(name);
      if (abbreviates(word, n) || (n.size() >= 3 && (word.starts_with(n) || n.starts_with(word))))
        return std::string(name);
    }
  return best;
}

// "; did you mean X?" when something is near, else "".
template <class Names>
std::string did_you_mean(std::string_view word, const Names& known) {
  const std::string near = nearest(word, known);
  return near.empty() ? "" : "; did you mean " + near + "?";
}

}  // namespace smem_budget::io
