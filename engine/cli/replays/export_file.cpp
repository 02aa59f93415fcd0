#include "replays/export_file.hpp"

#include <fstream>
#include <iostream>
#include <stdexcept>

#include "io/output_file.hpp"
#include "io/same_file.hpp"
#include "io/standard_output.hpp"
#include "levelsweep/file_kind.hpp"
#include "levelsweep/result_text.hpp"

namespace levelsweep::cli {

int export_result_file(const std::string& in, const std::string& out, bool allow_incomplete,
                       const std::string& command) {
    refuse_overwriting_inputs({in}, {out}, out == "-");
    expect_file_kind(in, FileKind::results, "a result file");
    OutputFile output(out, OutputContent::text);
    std::ofstream file;
    if (out != "-") {
        file.open(output.writing(), std::ios::binary);
        if (!file) throw std::runtime_error("cannot create " + out);
    }
    std::ostream& stream = out == "-" ? std::cout : file;
    const ResultsRead read = export_results_jsonl(in, stream);
    if (out == "-")
        check_standard_output();
    else
        file.close();
    if (!stream) throw std::runtime_error("cannot write " + out);
    if (read.end == ResultsEnd::complete) {
        output.commit();
        return 0;
    }
    const bool accepted = allow_incomplete && read.end != ResultsEnd::damaged;
    if (allow_incomplete) output.commit();
    std::cerr << command << ": " << in << ": " << read.text
              << (accepted           ? "; its whole records were exported, as --allow-incomplete asks\n"
                  : allow_incomplete ? "; every record before the damage was exported\n"
                  : out == "-"
                      ? "; pass --allow-incomplete to accept what is there\n"
                      : "; nothing was written to " + out + ": pass --allow-incomplete to export its whole records\n");
    return accepted ? 0 : 3;
}

}  // namespace levelsweep::cli
