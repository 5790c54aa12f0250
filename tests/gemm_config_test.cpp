// TensorRT-LLM's and FlashInfer's CutlassGemmConfig as their logs and sources show it. The lists
// under tests/data/tactics/ are FlashInfer's own toString() output, recorded by
// tools/tactics/record.sh from its cutlass_heuristic.cpp; the older positional block below is
// written field by field after TensorRT-LLM 000a01d's toString().
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "frontend/architecture.hpp"
#include "frontend/evaluation.hpp"
#include "frontend/lint.hpp"
#include "io/gemm_config.hpp"
#include "io/input_error.hpp"
#include "io/kernel_name.hpp"
#include "io/settings.hpp"
#include "io/text_hash.hpp"
#include "render/sentences.hpp"

using namespace smem_budget;

namespace {

std::string tactics_file(const std::string& name) { return std::string(SMEM_BUDGET_TEST_DATA) + "/tactics/" + name; }

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t count_of(const std::string& text, const std::string& word) {
  std::size_t n = 0;
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
  return n;
}

std::string value_of(const io::Settings& s, const std::string& key) {
  const auto it = s.find(key);
  if (it == s.end()) return "";
  return it->second.value.is_string() ? it->second.value.get<std::string>() : it->second.value.dump();
}

std::string refusal(const std::string& text) {
  try {
    for (const std::string& name : io::kernel_names_in(text, "log")) io::kernel_name_settings(name, "log");
  } catch (const io::InputError& e) {
    return e.what();
  }
  return "";
}

// Each toString() block of the MoE lists, as an autotuner holds them (the lists' comment lines left out).
std::vector<std::string> recorded_moe_blocks() {
  std::vector<std::string> blocks;
  for (const char* name : {"flashinfer-fb28d72-sm100-moe-fp8.txt", "flashinfer-fb28d72-sm120-moe-nvfp4.txt",
                           "flashinfer-fb28d72-sm80-moe-f16.txt", "flashinfer-fb28d72-sm90-moe-fp8.txt",
                           "trtllm-9beec90-sm120-moe-fp8fp4.txt"}) {
    std::istringstream lines(read_file(tactics_file(name)));
    for (std::string line; std::getline(lines, line);) {
      if (line.starts_with("#")) continue;
      if (line.starts_with("Cutlass GEMM Tactic")) blocks.emplace_back();
      REQUIRE_FALSE(blocks.empty());
      blocks.back() += line + '\n';
    }
  }
  return blocks;
}

// FlashInfer fb28d72's SM120 NVFP4 MoE tactics: GEMM_1's 20, GEMM_2's 40 (finalize may fuse).
const std::string sm120_moe = "flashinfer-fb28d72-sm120-moe-nvfp4.txt";

}  // namespace

TEST_CASE("every toString() block of a recorded list reads, once per distinct config") {
  const std::string text = read_file(tactics_file(sm120_moe));
  REQUIRE(count_of(text, "Cutlass GEMM Tactic") == 60);
  const std::vector<std::string> names = io::kernel_names_in(text, sm120_moe);
  // GEMM_1's 20 reappear among GEMM_2's 40.
  CHECK(names.size() == 40);
  CHECK(names[0] == "CutlassGemmConfig{sm_version=120 tile=CtaShape128x128x128B cluster_shape=1x1x1}");
  CHECK(std::count_if(names.begin(), names.end(), [](const std::string& n) {
          return n.find("epilogue_fusion_type=FINALIZE") != std::string::npos;
        }) == 20);
  for (const std::string& name : names) {
    // The one-line spelling reads back as itself.
    const auto again = io::read_gemm_config(name, "spelling");
    REQUIRE(again);
    CHECK(again->spelling == name);
    CHECK(io::kernel_name_arch(name) == std::optional<std::string>("sm120"));
  }
}

TEST_CASE("a tactic's fields become the kernel's tile, epilogue and D layout") {
  const io::Settings s = io::kernel_name_settings(
      "Cutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 120\n\ttile shape ID: 128x256x64\n\tcluster shape "
      "ID: 1x1x1\n\tdynamic cluster shape ID: undefined\n\tfallback cluster shape ID: undefined\n\tmainloop sched: "
      "0\n\tepi sched: 0\n\tenable cuda kernel: false\n\tepilogue fusion type: 1\n\tswap_ab: true\n",
      "--kernel");
  CHECK(value_of(s, "tile") == "128x256x64B");
  CHECK(value_of(s, "cluster") == "1x1x1");
  CHECK(value_of(s, "epilogue") == "finalize");
  CHECK(value_of(s, "d_layout") == "col");
  CHECK(value_of(s, "types").empty());  // the caller's
}

TEST_CASE("a block logged with escaped line breaks reads like the printed one") {
  const std::string logged =
      "[Autotuner]: Skipping tactic Cutlass GEMM Tactic\\n\\tstyle=TMA Warp Specialized\\n\\tsm: 120\\n\\ttile shape "
      "ID: 256x128x64\\n\\tcluster shape ID: 1x1x1\\n\\tdynamic cluster shape ID: undefined\\n\\tfallback cluster "
      "shape ID: undefined\\n\\tmainloop sched: 0\\n\\tepi sched: 0\\n\\tenable cuda kernel: false\\n\\tepilogue "
      "fusion type: 1\\n\\tswap_ab: false\\n, due to failure";
  const auto names = io::kernel_names_in(logged, "log");
  REQUIRE(names.size() == 1);
  CHECK(names[0] ==
        "CutlassGemmConfig{sm_version=120 tile=CtaShape256x128x64B cluster_shape=1x1x1 "
        "epilogue_fusion_type=FINALIZE}");
}

TEST_CASE("the positional block of TensorRT-LLM before shape-coded enums reads by its enum tables") {
  // TensorRT-LLM 000a01d: tile and cluster by position in CutlassTileConfigSM120 and ClusterShape.
  const std::string block =
      "Cutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 120\n\ttile shape ID: 5\n\tcluster shape ID: "
      "0\n\tmainloop sched: 0\n\tepi sched: 0\n\tenable cuda kernel: false\n";
  const auto names = io::kernel_names_in(block, "log");
  REQUIRE(names.size() == 1);
  CHECK(names[0] == "CutlassGemmConfig{sm_version=120 tile=CtaShape128x256x64B cluster_shape=1x1x1}");
  const io::Settings sm90 = io::kernel_name_settings(
      "Cutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 90\n\ttile shape ID: 10\n\tcluster shape ID: "
      "1\n\tmainloop sched: 1\n\tepi sched: 0\n\tenable cuda kernel: false\n",
      "--kernel");
  CHECK(value_of(sm90, "tile") == "128x128x128B");
  CHECK(value_of(sm90, "cluster") == "2x1x1");
  CHECK(value_of(sm90, "schedule") == "pingpong");
}

TEST_CASE("the compatible style reads the 2.x tile by CutlassTileConfig's positions") {
  const std::string text = read_file(tactics_file("flashinfer-fb28d72-sm80-moe-f16.txt"));
  const auto names = io::kernel_names_in(text, "sm80");
  REQUIRE(names.size() == 9);
  // tile shape ID 4, 5 and 9 at stages 2..4 (get_candidate_tiles for grouped SM80).
  CHECK(names[0] == "CutlassGemmConfig{tile=CtaShape32x128x64_WarpShape32x32x64 stages=2}");
  const io::Settings s = io::kernel_name_settings(names[8], "sm80");
  CHECK(value_of(s, "generation") == "2x");
  CHECK(value_of(s, "tile") == "128x128x64");
  CHECK(value_of(s, "warp") == "64x32x64");
  CHECK(value_of(s, "stages") == "4");
}

TEST_CASE("operator<< lines read in both styles") {
  const auto tma = io::kernel_names_in(
      "config: tile_config_sm90_enum: 128256064, mainloop_schedule_enum: 0, epilogue_schedule_enum: 0, "
      "cluster_shape_enum: 1001001, dynamic_cluster_shape_enum: 0, fallback_cluster_shape_enum: 0, "
      "enable_cuda_kernel: false, epilogue_fusion_type: 1, swap_ab: false\n",
      "log");
  REQUIRE(tma.size() == 1);
  CHECK(tma[0] == "CutlassGemmConfig{tile=CtaShape128x256x64B cluster_shape=1x1x1 epilogue_fusion_type=FINALIZE}");
  CHECK_FALSE(io::kernel_name_arch(tma[0]));  // the line does not say; --arch does
  const auto compatible = io::kernel_names_in(
      "tile_config_enum: 9, split_k_style_enum: 1, split_k_factor: 2, stages: 3, enable_cuda_kernel: false", "log");
  REQUIRE(compatible.size() == 1);
  CHECK(compatible[0] == "CutlassGemmConfig{tile=CtaShape128x128x64_WarpShape64x32x64 stages=3 split_k_factor=2}");
}

TEST_CASE("constructions from enumerators in a source read, and those from variables are no tactics") {
  const std::string source =
      "candidates.push_back(CutlassGemmConfig{CutlassTileConfigSM120::CtaShape128x256x64B,\n"
      "    MainloopScheduleType::AUTO, EpilogueScheduleType::AUTO, ClusterShape::ClusterShape_1x1x1});\n"
      "CutlassGemmConfig config{tile, MainloopScheduleType::AUTO, schedule, cluster};\n"
      "auto c = CutlassGemmConfig(tkc::CutlassTileConfig::CtaShape64x128x64_WarpShape32x64x64, "
      "SplitKStyle::NO_SPLIT_K, 1, 3);\n"
      "CutlassGemmConfig{CutlassTileConfigSM100::CtaShape128x128x128B, MainloopScheduleType::AUTO, "
      "EpilogueScheduleType::TMA, ClusterShape::ClusterShape_2x1x1, ClusterShape::ClusterShape_4x1x1, "
      "ClusterShape::ClusterShape_2x1x1, 103};\n";
  const auto names = io::kernel_names_in(source, "heuristic.cpp");
  REQUIRE(names.size() == 3);  // the enumerator inside a construction is not read again on its own
  CHECK(names[0] == "CutlassGemmConfig{sm_version=120 tile=CtaShape128x256x64B cluster_shape=1x1x1}");
  CHECK(names[1] == "CutlassGemmConfig{tile=CtaShape64x128x64_WarpShape32x64x64 stages=3}");
  CHECK(names[2] ==
        "CutlassGemmConfig{sm_version=103 tile=CtaShape128x128x128B cluster_shape=2x1x1 "
        "dynamic_cluster_shape=4x1x1 fallback_cluster_shape=2x1x1 epilogue_schedule=TMA}");
  // SM10x: a cluster M of 2 is one MMA over two CTAs, twice the CTA tile; the dynamic shape is chosen at run time.
  const io::Settings s = io::kernel_name_settings(names[2], "heuristic.cpp");
  CHECK(value_of(s, "tile") == "256x128x128B");
  CHECK(value_of(s, "schedule") == "2sm");
  CHECK(value_of(s, "cluster") == "dynamic");
}

namespace {

// Everything the readers make of a config's one-line spelling: its display name, reading,
// architecture and settings (values and origins), or the message refusing it.
std::string what_spelling_reads_as(const std::string& spelling) {
  std::string out = io::kernel_display_name(spelling) + '\n' + io::gemm_config_reading(spelling).value_or("-") + '\n' +
                    io::gemm_config_arch(spelling).value_or("-") + '\n';
  try {
    const io::Settings settings = io::gemm_config_settings(spelling, "k");
    out += io::settings_identity(settings);
    for (const auto& [key, setting] : settings) out += key + ": " + setting.origin.text() + '\n';
  } catch (const io::InputError& e) {
    out += e.what();
  }
  return out;
}

}  // namespace

TEST_CASE("a config's spelling, remembered as read when it is made, reads as it does from its own text") {
  // Every recorded list, and a text of every form: the older positional block, lines, constructions,
  // spellings with fields the spelling leaves out, the CUDA-core tactic.
  std::vector<std::string> texts;
  for (const char* name : {"flashinfer-fb28d72-sm100-moe-fp8.txt", "flashinfer-fb28d72-sm120-fp4-gemm-runner.txt",
                           "flashinfer-fb28d72-sm120-gemm-fp4.txt", "flashinfer-fb28d72-sm120-moe-nvfp4.txt",
                           "flashinfer-fb28d72-sm120-mxfp8-gemm-runner.txt", "flashinfer-fb28d72-sm80-moe-f16.txt",
                           "flashinfer-fb28d72-sm89-moe-fp8.txt", "flashinfer-fb28d72-sm90-moe-fp8.txt",
                           "trtllm-9beec90-sm120-gemm-fp4.txt", "trtllm-9beec90-sm120-moe-fp8fp4.txt",
                           "trtllm-9beec90-sm120-moe-nvfp4.txt"})
    texts.push_back(read_file(tactics_file(name)));
  texts.push_back(
      "Cutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 90\n\ttile shape ID: 10\n\tcluster shape ID: "
      "1\n\tmainloop sched: 1\n\tepi sched: 0\n\tenable cuda kernel: false\n");
  texts.push_back(
      "tile_config_sm90_enum: 128256064, mainloop_schedule_enum: 2, epilogue_schedule_enum: 1, "
      "cluster_shape_enum: 2001001, dynamic_cluster_shape_enum: 0, fallback_cluster_shape_enum: 0, "
      "enable_cuda_kernel: false, epilogue_fusion_type: 0, swap_ab: true\n");
  texts.push_back(
      "tile_config_enum: 9, split_k_style_enum: 1, split_k_factor: 2, stages: 3, enable_cuda_kernel: false");
  texts.push_back(
      "CutlassGemmConfig{CutlassTileConfigSM100::CtaShape128x128x128B, MainloopScheduleType::AUTO, "
      "EpilogueScheduleType::TMA, ClusterShape::ClusterShape_2x1x1, ClusterShape::ClusterShape_4x1x1, "
      "ClusterShape::ClusterShape_2x1x1, 103};\n"
      "CutlassGemmConfig(CutlassTileConfig::CtaShape64x128x64_WarpShape32x64x64, SplitKStyle::NO_SPLIT_K, 1, 3);\n");
  texts.push_back("CutlassGemmConfig{tile=CtaShape128x128x64_WarpShape64x32x64 stages=3 swap_ab=true}");
  texts.push_back("CutlassGemmConfig{sm_version=100 tile=CtaShape128x128x128B cluster_shape=2x1x1 stages=4}");
  texts.push_back("CutlassGemmConfig{sm_version=120 tile=CtaShape128x128x64B cluster_shape=1x1x1 use_stream_k=true}");
  texts.push_back(
      "CutlassGemmConfig{sm_version=90 tile=CtaShape64x128x128B cluster_shape=1x2x1 enableCudaKernel=true}");
  texts.push_back("CutlassGemmConfig{sm_version=90 enableCudaKernel=true}");
  texts.push_back("Cutlass GEMM Tactic\n\tenable cuda kernel: true\n");
  // Each in a thread of its own, which has read nothing yet: the spellings read as they were
  // made from the texts, then from their own texts alone.
  std::vector<std::string> spellings, remembered, fresh;
  std::thread([&] {
    for (const std::string& text : texts)
      for (std::string& spelling : io::kernel_names_in(text, "list")) spellings.push_back(std::move(spelling));
    for (const std::string& spelling : spellings) remembered.push_back(what_spelling_reads_as(spelling));
  }).join();
  std::thread([&] {
    for (const std::string& spelling : spellings) fresh.push_back(what_spelling_reads_as(spelling));
  }).join();
  CHECK(spellings.size() > 400);
  REQUIRE(remembered.size() == fresh.size());
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    INFO(spellings[i]);
    CHECK(remembered[i] == fresh[i]);
  }
}

TEST_CASE("a text that is one config alone reads as kernel_names_in finds it, and any other text is declined") {
  // Each block of the MoE lists, read by gemm_config_alone in a thread that has read nothing yet,
  // and by the scan and gemm_config_reading in another.
  const std::vector<std::string> blocks = recorded_moe_blocks();
  REQUIRE(blocks.size() > 700);
  std::vector<std::optional<io::GemmConfigAlone>> alone;
  std::thread([&] {
    for (const std::string& block : blocks) alone.push_back(io::gemm_config_alone(block));
  }).join();
  std::vector<std::vector<std::string>> names;
  std::vector<std::optional<std::string>> readings;
  std::thread([&] {
    for (const std::string& block : blocks) {
      names.push_back(io::kernel_names_in(block, "text"));
      readings.push_back(names.back().size() == 1 ? io::gemm_config_reading(names.back()[0]) : std::nullopt);
    }
  }).join();
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    INFO(blocks[i]);
    REQUIRE(names[i].size() == 1);
    REQUIRE(alone[i]);
    CHECK(alone[i]->spelling == names[i][0]);
    CHECK(alone[i]->reading == readings[i]);
  }
  // Blanks and line breaks after the block, as a block pasted into a source ends: the same config.
  for (const char* after : {"    ", "\t", "\n\n", "  \n  ", "\r\n"}) {
    INFO(after);
    const auto same = io::gemm_config_alone(blocks[0] + after);
    REQUIRE(same);
    CHECK(same->spelling == alone[0]->spelling);
  }
  // A line of blanks ends the block: one among its fields breaks it off.
  std::string broken = blocks[0];
  broken.insert(broken.find("\tswap_ab"), "  \n");
  CHECK_FALSE(io::gemm_config_alone(broken));
  // Text after the config, before it, a construction from variables, a block that does not read.
  CHECK_FALSE(io::gemm_config_alone(blocks[0] + "Cutlass GEMM Tactic\n"));
  CHECK_FALSE(io::gemm_config_alone(blocks[0] + "then the next tactic"));
  CHECK_FALSE(io::gemm_config_alone(" " + blocks[0]));
  CHECK_FALSE(io::gemm_config_alone("CutlassGemmConfig{tile, mainloop, epilogue, cluster}"));
  CHECK_FALSE(io::gemm_config_alone("Cutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 120\n"));
}

TEST_CASE("a list's texts cut around their tile read as each text alone does") {
  // Every block of the MoE lists and its spelling, each also with other tiles written in its place,
  // tiles no reader takes (before a good one, so that the first text of a cut does not read), and
  // text around the tile that changes the reading: GemmConfigTiles over them in order, in a thread
  // that has read nothing yet, against gemm_config_tile of each alone in another.
  std::vector<std::string> texts = recorded_moe_blocks();
  const std::size_t blocks = texts.size();
  REQUIRE(blocks > 700);
  std::vector<std::string> spellings;
  std::thread([&] {
    for (std::size_t i = 0; i < blocks; ++i) spellings.push_back(io::kernel_names_in(texts[i], "list").at(0));
  }).join();
  texts.insert(texts.end(), spellings.begin(), spellings.end());
  const std::vector<std::string> others{"1234567x8x128", "128x256", "128x256x64x2", "x128x64",    "128xx64",
                                        "0x256x64",      "16x8x16", "256x256x256",  "00128x64x64"};
  const std::vector<std::string> around{" ", "\t ", "\r", "B", "x", "abc", " 1"};
  std::vector<std::string> list;
  for (const std::string& text : texts) {
    const std::size_t at = text.find("tile shape ID: ") != std::string::npos ? text.find("tile shape ID: ") + 15
                           : text.find("tile=CtaShape") != std::string::npos ? text.find("tile=CtaShape") + 13
                                                                             : std::string::npos;
    if (at == std::string::npos) {
      list.push_back(text);
      continue;
    }
    const std::size_t stop = text.find_first_not_of("0123456789x", at);
    const auto with = [&](const std::string& shape, const std::string& after = "") {
      return text.substr(0, at) + shape + after + text.substr(stop);
    };
    for (const std::string& shape : others) list.push_back(with(shape));
    const std::string tile = text.substr(at, stop - at);
    list.push_back(text);
    list.push_back(with(" ", tile));  // a blank before the tile: not where it is cut
    for (const std::string& after : around) list.push_back(with(tile, after));
    for (const std::string& shape : others) list.push_back(with(shape));
  }
  list.push_back(texts[0] + std::string(5000, ' '));  // past what a read takes whole
  // A spelling of 4,096 characters, then one that is the same but for a longer tile, which a read cuts off.
  const std::string spelled = "CutlassGemmConfig{sm_version=100 tile=CtaShape64x64x128B";
  list.push_back(spelled + std::string(4096 - spelled.size() - 21, ' ') + " cluster_shape=1x1x1}");
  list.push_back(list.back().substr(0, 46) + "128x128x128" + list.back().substr(55));
  REQUIRE(list[list.size() - 2].size() == 4096);
  REQUIRE(list.back().size() == 4098);
  std::vector<std::optional<io::GemmConfigTile>> cut, alone;
  std::thread([&] {
    io::GemmConfigTiles tiles;
    for (const std::string& text : list) cut.push_back(tiles.of(text));
  }).join();
  std::thread([&] {
    for (const std::string& text : list) alone.push_back(io::gemm_config_tile(text));
  }).join();
  std::size_t read = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    INFO(list[i]);
    REQUIRE(cut[i].has_value() == alone[i].has_value());
    if (!alone[i]) continue;
    ++read;
    CHECK(cut[i]->tile == alone[i]->tile);
    CHECK(cut[i]->rest == alone[i]->rest);
  }
  // The recorded TMA tactics (2.x ones have no tile apart), their spellings, and the variants that read.
  CHECK(read > 10000);
  // An SM100 tactic of a cluster M of 2 has its M doubled, whichever text of its cut is read.
  CHECK(std::count_if(cut.begin(), cut.end(), [](const auto& a) { return a && a->tile == "512x256x256B"; }) > 0);
}

TEST_CASE("the texts' hash reads every byte") {
  // A hash of the length alone, or of whole eight- or sixteen-byte steps, would miss the changes below.
  const io::TextHash hash;
  const std::string block = read_file(tactics_file(sm120_moe)).substr(0, 300);
  for (std::size_t size = 0; size <= block.size(); ++size) {
    const std::string text = block.substr(0, size);
    INFO(size);
    CHECK(hash(text) == hash(std::string(text)));
    CHECK(hash(text) != hash(text + ' '));
    for (std::size_t at = 0; at < size; ++at) {
      std::string changed = text;
      changed[at] = static_cast<char>(changed[at] ^ 1);
      if (hash(changed) == hash(text)) FAIL("a change of byte " << at << " of " << size << " leaves the hash");
    }
  }
}

TEST_CASE("a config that breaks off or holds an unknown value names the field") {
  CHECK(refusal("Cutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 120\n\ttile shape ID: 128x256x64\n  \n"
                "\tcluster shape ID: 1x1x1\n")
            .find("log:1: a CutlassGemmConfig::toString() block, \"cluster shape ID\": the block breaks off "
                  "before it") != std::string::npos);
  CHECK(refusal("Cutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 120\n\ttile shape ID: 128x256x64\n"
                "\tcluster shape ID: 1x1x1\n")
            .find("log:1: a CutlassGemmConfig::toString() block, \"dynamic cluster shape ID\": the block breaks off "
                  "before it") != std::string::npos);
  CHECK(refusal("x\nCutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 120\n\ttile shape ID: 5\n\tcluster "
                "shape ID: 0\n\tmainloop sched: 9\n\tepi sched: 0\n\tenable cuda kernel: false\n")
            .find("log:2: a CutlassGemmConfig::toString() block, \"mainloop sched\": MainloopScheduleType has no "
                  "enumerator 9") != std::string::npos);
  CHECK(refusal("Cutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 120\n\ttile shape ID: 9\n\tcluster "
                "shape ID: 0\n\tmainloop sched: 0\n\tepi sched: 0\n\tenable cuda kernel: false\n")
            .find("CutlassTileConfigSM120 has no enumerator 9") != std::string::npos);
  CHECK(refusal("tile_config_sm90_enum: 5, mainloop_schedule_enum: 0, epilogue_schedule_enum: 0, cluster_shape_enum: "
                "0, enable_cuda_kernel: false")
            .find("5 is an enumerator's position, which this form does not say the enum of") != std::string::npos);
  CHECK(refusal("Cutlass GEMM Tactic\n\tstyle=compatible\n\ttile shape ID: 1\n\tstages: 3\n\tsplit k: 1\n\tenable "
                "cuda kernel: false\n")
            .find("asks for a heuristic, not a tactic") != std::string::npos);
  CHECK(refusal("Cutlass GEMM Tactic\n\tstyle=compatible\n\ttile shape ID: 2\n\tstages: 2\n\tsplit k: 1\n\tenable "
                "cuda kernel: false\n")
            .find("not modelled: the SIMT tile") != std::string::npos);
  CHECK(refusal("Cutlass GEMM Tactic\n\tenable cuda kernel: true\n").find("not modelled: TensorRT-LLM's CUDA-core") !=
        std::string::npos);
  CHECK(refusal("Cutlass GEMM Tactic\n\tundefined\n").find("the config names no tactic") != std::string::npos);
  // A config with neither a tile nor the CUDA-core kernel: no reader may hand it on (found by a helper's fuzzing,
  // where the tactic filters threw std::out_of_range on it).
  CHECK(refusal("Cutlass GEMM Tactic\n\tenable cuda kernel: false\n")
            .find("\"enable cuda kernel\": false with no style before it") != std::string::npos);
  CHECK(refusal("CutlassGemmConfig{sm_version=120 tile=CtaShape128x128x64B swap=true}").find("\"swap\": not a field") !=
        std::string::npos);
  // Every other form refuses an undefined cluster shape; the spelling form must too (found by fuzz_kernel_text).
  CHECK(refusal("CutlassGemmConfig{sm_version=120 tile=CtaShape128x256x64B cluster_shape=0}")
            .find("\"cluster_shape\": undefined: a tactic has a cluster shape") != std::string::npos);
}

TEST_CASE("lint of FlashInfer's SM120 MoE list on GB10 flags the FINALIZE tiles CUTLASS #3144 reports") {
  // CUTLASS #3144: the grouped NVFP4 FINALIZE kernel of CtaShape128x256x64B asks 102,400 B, 1,024 B
  // over SM121's 101,376 (also measured: tests/data/sm120-*device*.json). Its 256x128 twin is the other.
  io::Settings flags{{"types", io::Setting{"nvfp4", "--types"}},
                     {"runner", io::Setting{"trtllm-moe", "--runner"}},
                     {"d", io::Setting{"bf16", "--d"}},
                     {"cutlass", io::Setting{"4.4.2", "--cutlass"}}};
  const LintReport lint =
      frontend::lint({tactics_file(sm120_moe)}, flags, frontend::resolve_architecture("sm121", "--arch"));
  std::vector<std::string> over;
  for (const Result& r : lint.report.results)
    if (r.budget.verdict == Verdict::exceeds_optin) {
      over.push_back(r.name);
      CHECK(r.budget.total == 102400);
    }
  CHECK(over ==
        std::vector<std::string>{"CutlassGemmConfig{sm_version=120 tile=CtaShape256x128x64B cluster_shape=1x1x1 "
                                 "epilogue_fusion_type=FINALIZE}",
                                 "CutlassGemmConfig{sm_version=120 tile=CtaShape128x256x64B cluster_shape=1x1x1 "
                                 "epilogue_fusion_type=FINALIZE}"});
  CHECK(lint.not_modelled.empty());
  // The runner's default epilogue reads C as D on SM120: measured 98,304 B for 128x256x64B
  // (tests/data/sm120-trtllm-moe.json, tile 128x256x128 nvfp4 grouped c bf16).
  const auto plain = std::find_if(lint.report.results.begin(), lint.report.results.end(), [](const Result& r) {
    return r.name == "CutlassGemmConfig{sm_version=120 tile=CtaShape128x256x64B cluster_shape=1x1x1}";
  });
  REQUIRE(plain != lint.report.results.end());
  CHECK(plain->config.c == Element::bf16);
  CHECK(plain->budget.total == 98304);
}

TEST_CASE("trtllm-moe on sm90 answers a mixed-input tactic with TensorRT-LLM's own kernel, its K in elements") {
  // The mixed-input dispatch reads CtaShape128x128x256B as K 256 elements
  // (moe_gemm_template_dispatch_tma_ws_mixed_dtype.h at FlashInfer fb28d72), not 256 bytes of the bf16
  // activation; measured 200,704 B, 2 stages
  // (tests/data/sm90-trtllm-mixed-input-device.json).
  const auto entry = [](const std::string& types, const std::string& kernel) {
    io::Settings settings{{"types", io::Setting{types, "--types"}},
                          {"runner", io::Setting{"trtllm-moe", "--runner"}},
                          {"d", io::Setting{"bf16", "--d"}},
                          {"kernel", io::Setting{kernel, "--kernel"}}};
    io::expand_kernel_name(settings);
    return frontend::evaluate_entry("", settings, frontend::resolve_architecture("sm90", "--arch"), "test");
  };
  const Result wfp4a16 =
      entry("bf16:e2m1", "CutlassGemmConfig{sm_version=90 tile=CtaShape128x128x256B cluster_shape=1x1x1}");
  CHECK(wfp4a16.config.moe);
  CHECK(wfp4a16.config.tile == Tile{128, 128, 256});
  CHECK(wfp4a16.config.schedule == Schedule::cooperative);
  CHECK(wfp4a16.budget.decision.stages == 2);
  CHECK(wfp4a16.budget.total == 200704);
  // Tile M 64 runs the ping-pong kernel (sm90_supports_coop); measured 201,728 B, 31 stages.
  const Result w4afp8 =
      entry("e4m3:s4", "CutlassGemmConfig{sm_version=90 tile=CtaShape64x16x128B cluster_shape=1x1x1}");
  CHECK(w4afp8.config.schedule == Schedule::pingpong);
  CHECK(w4afp8.budget.decision.stages == 31);
  CHECK(w4afp8.budget.total == 201728);
  CHECK_FALSE(w4afp8.budget.decision.raised_from);
}

TEST_CASE("trtllm-moe on sm90 answers FlashInfer's single-warpgroup small-K tactics") {
  // mainloop sched 4 and 5 (MainloopScheduleType at FlashInfer fb28d72) run SingleWarpgroupPersistentGemm at
  // StageCount<3>; measured (tests/data/sm90-trtllm-single-warpgroup-device.json): 35,840 B at 128x8x128,
  // 64,512 B at 128x40x128, either mode.
  const auto entry = [](const std::string& tile, int mainloop) {
    const std::string head = "Cutlass GEMM Tactic\n\tstyle=TMA Warp Specialized\n\tsm: 90\n\ttile shape ID: ";
    const std::string clusters =
        "\n\tcluster shape ID: 1x1x1\n\tdynamic cluster shape ID: undefined\n\tfallback cluster shape ID: "
        "undefined\n\tmainloop sched: ";
    const std::string tail =
        "\n\tepi sched: 0\n\tenable cuda kernel: false\n\tepilogue fusion type: 0\n\tswap_ab: false\n";
    const std::string block = head + tile + clusters + std::to_string(mainloop) + tail;
    io::Settings settings{{"types", io::Setting{"e4m3:e2m1", "--types"}},
                          {"runner", io::Setting{"trtllm-moe", "--runner"}},
                          {"d", io::Setting{"bf16", "--d"}},
                          {"kernel", io::Setting{block, "--kernel"}}};
    io::expand_kernel_name(settings);
    return frontend::evaluate_entry("", settings, frontend::resolve_architecture("sm90", "--arch"), "test");
  };
  const Result prefill = entry("128x8x128", 4);
  CHECK(prefill.config.schedule == Schedule::single_warpgroup_prefill);
  CHECK(prefill.budget.decision.stages == 3);
  CHECK(prefill.budget.epilogue_shared_storage == 2064);
  CHECK(prefill.budget.total == 35840);
  const Result rolling = entry("128x40x128", 5);
  CHECK(rolling.config.schedule == Schedule::single_warpgroup_rolling);
  CHECK(rolling.budget.total == 64512);
}

TEST_CASE("TensorRT-LLM's mixed-input builder raises a stage count below 2 to 2, and the why says so") {
  // 128x256x512 W4AFP8: one stage fits the builder's formula, the kernel is built with two and asks
  // 364,544 B (measured, tests/data/sm90-trtllm-mixed-input-device.json).
  const io::Settings settings{{"tile", io::Setting{"128x256x512", "--tile"}},
                              {"types", io::Setting{"e4m3:s4", "--types"}},
                              {"moe", io::Setting{true, "--moe"}},
                              {"grouped", io::Setting{true, "--grouped"}},
                              {"conversion", io::Setting{"scl", "--conversion"}},
                              {"c", io::Setting{"bf16", "--c"}},
                              {"d", io::Setting{"bf16", "--d"}},
                              {"d_layout", io::Setting{"col", "--d-layout"}},
                              {"schedule", io::Setting{"cooperative", "--schedule"}}};
  const Result result =
      frontend::evaluate_entry("", settings, frontend::resolve_architecture("sm90", "--arch"), "test");
  CHECK(result.budget.decision.stages == 2);
  CHECK(result.budget.decision.raised_from == std::optional<bytes_t>{1});
  CHECK(result.budget.total == 364544);
  CHECK(render::reason(result).find("/ 164,880 = 1, which it raises to 2 stages") != std::string::npos);
}

TEST_CASE("trtllm-moe on sm90 with trtllm_moe_fork 9276e44 builds the older fork's kernel and dispatch") {
  // FlashInfer 9276e44's dispatch (moe_gemm_template_dispatch_tma_ws_mixed_dtype.h there): the 64x128 tactic of e2m1
  // weights builds 64x64 (Ntile, :165), 128x128 runs ping-pong (:81-87), M 128 otherwise cooperative, M 64 ping-pong.
  const auto entry = [](const std::string& types, const std::string& key, const std::string& value) {
    io::Settings settings{{"types", io::Setting{types, "--types"}},
                          {"runner", io::Setting{"trtllm-moe", "--runner"}},
                          {"trtllm_moe_fork", io::Setting{"9276e44", "--trtllm-moe-fork"}},
                          {"d", io::Setting{"bf16", "--d"}},
                          {key, io::Setting{value, "--" + key}}};
    io::expand_kernel_name(settings);
    return frontend::evaluate_entry("", settings, frontend::resolve_architecture("sm90", "--arch"), "test");
  };
  const auto tactic = [](const std::string& tile) {
    return "CutlassGemmConfig{sm_version=90 tile=CtaShape" + tile + "B cluster_shape=1x1x1}";
  };
  const Result wide_e2m1 = entry("bf16:e2m1", "kernel", tactic("64x128x128"));
  CHECK(wide_e2m1.config.tile == Tile{64, 64, 128});
  CHECK(wide_e2m1.config.schedule == Schedule::pingpong);
  CHECK(entry("e4m3:s4", "kernel", tactic("128x128x128")).config.schedule == Schedule::pingpong);
  // Measured (tests/data/sm90-trtllm-9276e44-mixed-input-device.json): 64x32x128 WFP4A16, 16 stages, 212,992 B;
  // 128x16x512 W4AFP8 (K 512: the problem's K, which the tactic does not say), cooperative, 5 stages, 222,208 B.
  const Result wfp4a16 = entry("bf16:e2m1", "kernel", tactic("64x32x128"));
  CHECK(wfp4a16.config.trtllm_moe_fork == TrtllmMoeFork::packed_scales);
  CHECK(wfp4a16.budget.decision.stages == 16);
  CHECK(wfp4a16.budget.total == 212992);
  const Result w4afp8 = entry("e4m3:s4", "tile", "128x16x512");
  CHECK(w4afp8.config.schedule == Schedule::cooperative);
  CHECK(w4afp8.budget.decision.stages == 5);
  CHECK(w4afp8.budget.total == 222208);
}

TEST_CASE("sglang-w4a8-moe builds SGLang's W4AFP8 MoE kernel: the 9276e44 fork with f16 output and its dispatch") {
  const auto entry = [](const std::string& tile, const std::string& cluster) {
    io::Settings settings{{"runner", io::Setting{"sglang-w4a8-moe", "--runner"}},
                          {"tile", io::Setting{tile, "--tile"}}};
    if (!cluster.empty()) settings.emplace("cluster", io::Setting{cluster, "--cluster"});
    return frontend::evaluate_entry("", settings, frontend::resolve_architecture("sm90", "--arch"), "test");
  };
  const Result cooperative = entry("128x16x512", "");
  CHECK(cooperative.config.moe);
  CHECK(cooperative.config.grouped);
  CHECK(cooperative.config.trtllm_moe_fork == TrtllmMoeFork::packed_scales);
  CHECK(cooperative.config.types.a.data == Element::e4m3);
  CHECK(cooperative.config.types.b.data == Element::s4);
  CHECK(cooperative.config.c == Element::f16);
  CHECK(cooperative.config.d == Element::f16);
  CHECK(cooperative.config.d_layout == MatrixLayout::col);
  CHECK(cooperative.config.schedule == Schedule::cooperative);
  CHECK(cooperative.config.cluster == Cluster{1, 1, 1});
  // 64x32x512 only at 2x1x1, ping-pong; K 128 ping-pong at M 128.
  const Result pingpong = entry("64x32x512", "");
  CHECK(pingpong.config.schedule == Schedule::pingpong);
  CHECK(pingpong.config.cluster == Cluster{2, 1, 1});
  CHECK(entry("128x32x128", "2x1x1").config.schedule == Schedule::pingpong);
  // Measured (tests/data/sm90-sglang-w4a8-moe-device.json): 128x32x512 at 2x1x1, 4 stages, 221,184 B.
  const Result measured = entry("128x32x512", "2x1x1");
  CHECK(measured.budget.decision.stages == 4);
  CHECK(measured.budget.total == 221184);
}
