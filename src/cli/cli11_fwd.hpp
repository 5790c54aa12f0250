// CLI11's classes by name only: the CLI's headers hold pointers and references to them, and only
// the .cpp files that build the command line include CLI11 itself (about 5 s of compile each).
#pragma once

namespace CLI {
class App;
class Option;
class ParseError;
}  // namespace CLI
