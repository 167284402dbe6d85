#pragma once
// The one conversion the widgets need between the libraries' texts (UTF-8 std::string: names, file
// paths, diagnostics) and Qt's: q(s).
#include <QString>
#include <string>

namespace maniplab::ui {

inline QString q(const std::string& s) { return QString::fromStdString(s); }

}  // namespace maniplab::ui
