#pragma once
// Parameter editor of an Orthoglide robot file (robots/orthoglide.json, format robots/orthoglide.md): the
// geometry (a, and per leg r_2, D_4, D_6), the platform mass and, per leg, the mass, centre of mass and
// inertia tensor (about the centre of mass, in the body's Khalil–Kleinfinger frame, Guégan, Khalil, Chablat & Wenger 2002 tables 1–2)
// of the tree bodies 1, 2, 3, 4, 5, 7, in a table (parameter, value, unit; SI units).
//
// Every edit is applied to a copy of the JSON document and validated by the robot-file reader itself
// (parseOrthoglide, the same diagnostics as loading the file); a rejected edit leaves the document as it
// was and reports the reader's message (FILE:/json/pointer: error: ...). An accepted edit emits
// modelChanged(model) — connect it to OrthoglideDrawing::draw (ui/src/kinds/orthoglide_drawing.hpp) for a live view. Keys are JSON pointers
// into the document, e.g. "/a", "/platform/mass", "/chains/0/D4", "/chains/2/bodies/3/mass",
// "/chains/1/bodies/7/inertia/1/1" (symmetric off-diagonal terms are written to both entries).
#include <QString>
#include <QWidget>
#include <memory>

#include "maniplab/model/orthoglide_model.hpp"

namespace maniplab::ui {

class OrthoglideEditor : public QWidget {
  Q_OBJECT
 public:
  explicit OrthoglideEditor(QWidget* parent = nullptr);
  ~OrthoglideEditor() override;

  /// Loads a robot file (false with the reader's report in *error when invalid; the editor then keeps
  /// its previous document).
  bool loadFile(const QString& path, QString* error = nullptr);
  /// The same from JSON text; `fileName` labels the diagnostics and is the default save path.
  bool setDocument(const QString& jsonText, const QString& fileName, QString* error = nullptr);
  /// Writes the document (indented JSON) to `path` (the loaded file when empty).
  bool save(const QString& path = {}, QString* error = nullptr);

  /// Programmatic edit (the same path as typing in the table): `key` a JSON pointer of an editable
  /// number (see above), `text` a number in C locale. False (and *error) when the key is not editable,
  /// the text is not a finite number, or the reader rejects the resulting file.
  bool editValue(const QString& key, const QString& text, QString* error = nullptr);
  /// The value shown for a key (empty for an unknown key).
  QString valueText(const QString& key) const;
  /// The editable keys, in table order.
  QStringList keys() const;

  bool hasModel() const;
  const OrthoglideModel& model() const;  ///< the last valid model
  QString jsonText() const;               ///< the current document
  bool isModified() const;                ///< edited since the last load or save
  void setModified(bool modified);        ///< (recovered edits: unsaved until saved)
  QString lastMessage() const;            ///< the last rejection (empty after an accepted edit)

 signals:
  void modelChanged(const maniplab::OrthoglideModel& model);

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
