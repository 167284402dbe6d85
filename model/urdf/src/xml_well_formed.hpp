#pragma once
// Well-formedness screen run on URDF text before TinyXML (urdfdom's XML parser) sees it; see
// xml_well_formed.cpp for the TinyXML bug it keeps out.
#include <cstddef>
#include <string>

namespace maniplab::urdf_detail {

struct XmlSyntaxError {
  bool ok = true;        ///< true when the text is well-formed XML 1.0
  std::size_t line = 0;  ///< 1-based line of the first fault (expat's count)
  std::size_t column = 0;  ///< 1-based column, in bytes
  std::string message;   ///< what expat reports, e.g. "not well-formed (invalid token)"
};

/// Checks that `text` (the whole buffer, embedded NUL bytes included) is one well-formed XML document:
/// valid in its declared encoding (UTF-8 when none), no NUL byte, balanced elements, one root.
/// Namespace prefixes are not checked (URDF files use undeclared ones such as "xacro:").
XmlSyntaxError checkWellFormedXml(const std::string& text);

}  // namespace maniplab::urdf_detail
