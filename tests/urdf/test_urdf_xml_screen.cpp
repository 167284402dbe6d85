// URDF import: the well-formedness screen run before TinyXML/urdfdom (model/urdf/src/xml_well_formed.cpp).
// TinyXML 2.6.2 steps over the end of its text when a UTF-8 lead byte (0xC2-0xF4) is cut by the end of the
// text or by a NUL byte (fuzz_urdf: heap-buffer-overflow in TiXmlBase::ReadName). Asserted here:
//  - the fuzz input (tests/fuzz/regressions/urdf/tinyxml_readname_overflow.urdf) is one clean error naming
//    the file and the line of its first XML fault (a "--" inside a comment, located here from the bytes);
//  - every member of the class (each lead byte 0xC2..0xF4 family, every truncation, at the end of the text
//    and before an embedded NUL, in attribute values, text and names) is rejected the same way, with the
//    line where the document breaks;
//  - no false alarm: complete 2-, 3- and 4-byte UTF-8 sequences, a BOM, and a Latin-1 document (which
//    TinyXML reads byte by byte) still import.
// The test runs under AddressSanitizer in scripts/hardening.sh asan, like the fuzz replay.
#include <QtTest/QtTest>

#include <string>

#include "maniplab/urdf/urdf_file.hpp"
#include "support/test_main.hpp"

namespace test_urdf_xml_screen {

using namespace maniplab;

namespace {

const std::string kSrc = MANIPLAB_SOURCE_DIR;

/// A valid two-link URDF; `name` is the moving link's name (bytes inserted as they are).
std::string twoLink(const std::string& name, const std::string& decl = "<?xml version=\"1.0\"?>\n") {
  return decl +
         "<robot name=\"r\">\n"
         "  <link name=\"base\"/>\n"
         "  <link name=\"" + name + "\"><inertial><mass value=\"1\"/>"
         "<inertia ixx=\"0.01\" iyy=\"0.01\" izz=\"0.01\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link>\n"
         "  <joint name=\"j\" type=\"revolute\"><parent link=\"base\"/><child link=\"" + name + "\"/>"
         "<axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>\n"
         "</robot>\n";
}

std::size_t lineOf(const std::string& text, std::size_t offset) {
  std::size_t line = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

/// The result is exactly one error, for `file`, saying "not well-formed XML at line <line>".
void expectScreened(const RobotLoadResult& r, const std::string& file, std::size_t line, const std::string& what) {
  QVERIFY2(!r.ok(), what.c_str());
  QVERIFY2(r.diagnostics.size() == 1, (what + ": " + formatDiagnostics(r.diagnostics)).c_str());
  const Diagnostic& d = r.diagnostics.front();
  QVERIFY(d.severity == Diagnostic::Severity::Error);
  QCOMPARE(d.file, file);
  const std::string expect = "not well-formed XML at line " + std::to_string(line) + ",";
  QVERIFY2(d.message.find(expect) != std::string::npos, (what + ": " + d.toString() + " (expected line " +
                                                          std::to_string(line) + ")").c_str());
}

}  // namespace

class TestUrdfXmlScreen : public QObject {
  Q_OBJECT
 private slots:
  void fuzzFindingIsACleanError() {
    const std::string path = kSrc + "/tests/fuzz/regressions/urdf/tinyxml_readname_overflow.urdf";
    std::string text;
    QVERIFY(readTextFile(path, text));
    // The input's last byte before the closing quote is a 3-byte lead cut by the end of the file...
    QCOMPARE(static_cast<unsigned char>(text[text.size() - 2]), static_cast<unsigned char>(0xEF));
    QCOMPARE(text.back(), '"');
    // ...but expat stops earlier, at the first fault: the comment opened by "<!--" on line 2 contains "--"
    // (XML 1.0 §2.5 forbids it inside a comment), found here from the bytes.
    const std::size_t open = text.find("<!--");
    QVERIFY(open != std::string::npos);
    const std::size_t dashes = text.find("--", open + 4);
    QVERIFY(dashes != std::string::npos && dashes < text.find("-->", open + 4));
    const std::size_t line = lineOf(text, dashes);
    QCOMPARE(line, std::size_t(3));
    expectScreened(loadUrdfFile(path), path, line, "fuzz input (file)");
    expectScreened(loadRobotAnyFormat(path), path, line, "fuzz input (any format)");
    expectScreened(parseUrdf(text, "mem.urdf"), "mem.urdf", line, "fuzz input (text)");
  }

  void truncatedUtf8SequencesAreRejected() {
    // Each lead-byte family of TinyXML's utf8ByteTable with 0..len-2 of its continuation bytes, cut by
    // the end of the text or by a NUL, in an attribute value (as found), in element text and in a name.
    const std::string leads[] = {"\xC2\xA9", "\xDF\xBF", "\xE0\xA0\x80", "\xEF\xBF\xBD", "\xF0\x9D\x84\x9E", "\xF4\x8F\xBF\xBF"};
    const std::string decls[] = {"<?xml version=\"1.0\"?>\n", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
                                 "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n"};
    for (const std::string& seq : leads) {
      for (std::size_t keep = 1; keep < seq.size(); ++keep) {
        const std::string cut = seq.substr(0, keep);
        for (const std::string& decl : decls) {
          const std::string full = twoLink("l" + seq, decl);
          const std::size_t at = full.find("l" + seq) + 1;  // offset of the lead byte in the moving link's name
          const std::string prefixes[] = {
              full.substr(0, at) + cut + "\"",                          // attribute value cut at the end
              full.substr(0, at) + cut,                                 // cut inside the value
              decl + "<robot name=\"r\">" + cut,                        // element text cut at the end
              decl + "<robot name=\"r\"><l" + cut,                      // element name cut at the end
          };
          for (const std::string& p : prefixes) {
            const std::string what = "lead " + std::to_string(static_cast<unsigned char>(seq[0])) + " keep " + std::to_string(keep);
            // at the end of the text
            expectScreened(parseUrdf(p, "cut.urdf"), "cut.urdf", lineOf(p, p.size() - 1), what + " at end");
            // before an embedded NUL, followed by text that would complete a document
            const std::string withNul = p + std::string(1, '\0') + "\"/></robot>\n";
            expectScreened(parseUrdf(withNul, "nul.urdf"), "nul.urdf", lineOf(withNul, p.size()), what + " before NUL");
          }
        }
      }
    }
    // A NUL byte alone (urdfdom would see a document cut at the NUL) is not XML either.
    std::string nul = twoLink("l2");
    nul.insert(nul.find("</robot>"), std::string(1, '\0'));
    expectScreened(parseUrdf(nul, "nul.urdf"), "nul.urdf", lineOf(nul, nul.find('\0')), "embedded NUL");
  }

  void validDocumentsStillImport() {
    const std::string names[] = {"l2", "lien_\xC3\xA9paule", "link_\xE2\x82\xAC", "link_\xF0\x9D\x84\x9E"};
    const std::string decls[] = {"<?xml version=\"1.0\"?>\n", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n",
                                 "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n", ""};
    for (const std::string& n : names)
      for (const std::string& d : decls) {
        const RobotLoadResult r = parseUrdf(twoLink(n, d), "ok.urdf");
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics).c_str());
        QCOMPARE(r.model.nq, 1);
      }
    // Latin-1 declared: byte 0xE9 is a character (TinyXML reads the document byte by byte).
    const RobotLoadResult latin = parseUrdf(twoLink("lien_\xE9paule", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"), "l1.urdf");
    QVERIFY2(latin.ok(), formatDiagnostics(latin.diagnostics).c_str());
    // A shipped robot and the hand-written test arm pass the screen.
    QVERIFY(loadUrdfFile(kSrc + "/robots/umis.urdf").ok());
    QVERIFY(loadUrdfFile(kSrc + "/tests/data/urdf/maniplab_test_arm/urdf/test_arm.urdf").ok());
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestUrdfXmlScreen)
#include "test_urdf_xml_screen.moc"  // (in the namespace, as the class)

}  // namespace test_urdf_xml_screen
