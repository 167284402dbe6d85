// XML 1.0 well-formedness screen by Debian's expat (W3C XML 1.0 §2.1 "well-formed documents", §2.2
// characters, §4.3.3 character encoding), run before TinyXML parses URDF text.
//
// Why: TinyXML 2.6.2 (Debian libtinyxml2.6.2v5 2.6.2-6+deb12u1, used by liburdfdom and by ManipLab's
// extension reader) reads past the end of its input when the text is treated as UTF-8 (a UTF-8 BOM, or an
// XML declaration whose encoding is empty or "UTF-8") and a UTF-8 lead byte (0xC2-0xF4) is closer to the
// end of the text (its NUL terminator, or an embedded NUL byte, since urdfdom passes c_str()) than the
// length of its sequence: TiXmlBase::GetChar (tinyxml.h) advances by utf8ByteTable[lead] bytes without
// looking for the terminator, so the parser steps over the NUL and goes on reading the heap after the
// buffer (TiXmlParsingData::Stamp steps the same way). fuzz_urdf found it as an AddressSanitizer
// heap-buffer-overflow in TiXmlBase::ReadName <- TiXmlAttribute::Parse (the input ends in
// `izz="0.165...01\xEF"`; tests/fuzz/regressions/urdf/tinyxml_readname_overflow.urdf).
// Such text is never well-formed XML: the truncated sequence is invalid in UTF-8 and NUL is not an XML
// character. Expat checks both (and the encoding declaration: a document TinyXML reads as UTF-8 is UTF-8
// for expat too, or rejected), so a document that passes holds only complete UTF-8 sequences and no NUL
// before its end, and TinyXML's stepping stays inside it.
#include "xml_well_formed.hpp"

#include <climits>
#include <memory>

#include <expat.h>

namespace maniplab::urdf_detail {

XmlSyntaxError checkWellFormedXml(const std::string& text) {
  XmlSyntaxError r;
  std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> p(XML_ParserCreate(nullptr), &XML_ParserFree);
  if (!p) {
    r.ok = false;
    r.message = "out of memory (XML parser)";
    return r;
  }
  // No DTD processing of external entities; internal entity expansion is bounded by expat's
  // billion-laughs protection (expat >= 2.4).
  XML_SetParamEntityParsing(p.get(), XML_PARAM_ENTITY_PARSING_NEVER);
  const char* data = text.data();
  std::size_t left = text.size();
  constexpr std::size_t chunk = 1 << 20;
  bool last = false;
  do {
    const std::size_t n = left < chunk ? left : chunk;
    last = n == left;
    if (XML_Parse(p.get(), data, static_cast<int>(n), last ? 1 : 0) != XML_STATUS_OK) {
      r.ok = false;
      r.line = static_cast<std::size_t>(XML_GetCurrentLineNumber(p.get()));
      r.column = static_cast<std::size_t>(XML_GetCurrentColumnNumber(p.get())) + 1;
      const XML_LChar* s = XML_ErrorString(XML_GetErrorCode(p.get()));
      r.message = s ? s : "XML error";
      return r;
    }
    data += n;
    left -= n;
  } while (!last);
  return r;
}

}  // namespace maniplab::urdf_detail
