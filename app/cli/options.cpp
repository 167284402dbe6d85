// Sub-command options (options.hpp): parsing and the help texts from one declaration.
#include "options.hpp"

#include <iostream>
#include <sstream>

namespace maniplab::cli {

namespace {
constexpr std::size_t kWidth = 100;       // help lines
constexpr std::size_t kSummaryColumn = 35;  // where the summaries of `maniplab-cli help` start
}  // namespace

Options::Options(std::string command, std::string summary) : command_(std::move(command)), summary_(std::move(summary)) {}

Options& Options::positional(std::string name, std::string& target, bool required) {
  positional_.push_back({std::move(name), &target, required});
  return *this;
}

Options& Options::value(std::string flag, std::string metavar, std::string& target, std::string help) {
  options_.push_back({std::move(flag), std::move(metavar), std::move(help), &target, nullptr});
  return *this;
}

Options& Options::values(std::string flag, std::string metavar, std::vector<std::string>& target, std::string help) {
  Option o{std::move(flag), std::move(metavar), std::move(help)};
  o.list = &target;
  options_.push_back(std::move(o));
  return *this;
}

Options& Options::flag(std::string flag, bool& target, std::string help) {
  options_.push_back({std::move(flag), {}, std::move(help), nullptr, &target});
  return *this;
}

Options& Options::note(std::string synopsisText) {
  notes_.push_back(std::move(synopsisText));
  return *this;
}

Options& Options::footer(std::string helpText) {
  footer_ = std::move(helpText);
  return *this;
}

std::string Options::synopsis(std::size_t width) const {
  std::vector<std::string> items;
  for (const auto& p : positional_) items.push_back(p.required ? p.name : "[" + p.name + "]");
  for (const auto& o : options_)
    items.push_back("[" + o.flag + (o.metavar.empty() ? "" : " " + o.metavar) + "]" + (o.list ? "..." : ""));
  for (const auto& n : notes_) items.push_back(n);
  const std::string head = "  " + command_;
  const std::string indent(std::min<std::size_t>(head.size() + 1, 24), ' ');
  std::string out = head, line = head;
  for (const auto& item : items) {
    if (line.size() + 1 + item.size() > width && line != head && line != indent) {
      out += "\n" + indent;
      line = indent;
    } else {
      out += " ";
      line += " ";
    }
    out += item;
    line += item;
  }
  return out + "\n";
}

std::string Options::usage() const {
  std::string out = synopsis(kWidth);
  std::stringstream ss(summary_);
  std::string line;
  while (std::getline(ss, line)) out += std::string(kSummaryColumn, ' ') + line + "\n";
  return out;
}

std::string Options::help() const {
  // One line per option: the flag in a column of at most kFlagColumn characters (a longer one on a line
  // of its own), its help beside it, wrapped at kWidth.
  constexpr std::size_t kFlagColumn = 24;
  std::string out = "usage:\n" + usage() + "\noptions:\n";
  std::size_t w = 6;  // --help
  for (const auto& o : options_) {
    const std::size_t left = o.flag.size() + (o.metavar.empty() ? 0 : o.metavar.size() + 1);
    if (left <= kFlagColumn) w = std::max(w, left);
  }
  const std::string indent(2 + w + 2, ' ');
  auto entry = [&](const std::string& left, const std::string& help) {
    out += "  " + left;
    if (left.size() > w)
      out += "\n" + indent;
    else
      out += std::string(w - left.size() + 2, ' ');
    std::stringstream words(help);
    std::string word;
    std::size_t column = indent.size();
    bool first = true;
    while (words >> word) {
      if (!first && column + 1 + word.size() > kWidth) {
        out += "\n" + indent;
        column = indent.size();
        first = true;
      }
      if (!first) {
        out += " ";
        ++column;
      }
      out += word;
      column += word.size();
      first = false;
    }
    out += "\n";
  };
  for (const auto& o : options_) entry(o.flag + (o.metavar.empty() ? "" : " " + o.metavar), o.help);
  entry("--help", "this text");
  if (!footer_.empty()) out += "\n" + footer_;
  return out;
}

std::optional<int> Options::parse(const std::vector<std::string>& args) const {
  auto fail = [&](const std::string& why) -> std::optional<int> {
    std::cerr << "maniplab-cli " << command_ << ": " << why << "\nusage:\n" << usage();
    return 2;
  };
  std::size_t nextPositional = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::cout << help();
      return 0;
    }
    if (a.size() > 1 && a[0] == '-') {
      const Option* found = nullptr;
      for (const auto& o : options_)
        if (o.flag == a) found = &o;
      if (!found) return fail("unknown option " + a);
      if (found->on) {
        *found->on = true;
        continue;
      }
      if (i + 1 >= args.size()) return fail(a + " needs a value (" + found->metavar + ")");
      if (found->list)
        found->list->push_back(args[++i]);
      else
        *found->value = args[++i];
      continue;
    }
    if (nextPositional >= positional_.size()) return fail("unexpected argument " + a);
    *positional_[nextPositional++].target = a;
  }
  for (std::size_t k = nextPositional; k < positional_.size(); ++k)
    if (positional_[k].required) return fail("missing " + positional_[k].name);
  return std::nullopt;
}

}  // namespace maniplab::cli
