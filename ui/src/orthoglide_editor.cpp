// Orthoglide parameter editor (orthoglide_editor.hpp); validation by the robot-file reader
// (orthoglide_file.hpp, Guégan, Khalil, Chablat & Wenger 2002 parameters as in robots/orthoglide.md).
#include "maniplab/ui/orthoglide_editor.hpp"

#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSaveFile>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

#include "maniplab/ui/diagnostic_text.hpp"
#include "maniplab/model/orthoglide_file.hpp"

namespace maniplab::ui {

namespace {

using nlohmann::json;

struct Row {
  QString key;    ///< JSON pointer
  QString label;  ///< shown
  QString unit;
};

// The editable parameters of a document (those present in it; bodies in table order).
std::vector<Row> rowsOf(const json& doc) {
  std::vector<Row> rows;
  auto has = [&](const QString& key) {
    return doc.contains(json::json_pointer(key.toStdString())) && doc.at(json::json_pointer(key.toStdString())).is_number();
  };
  auto add = [&](const QString& key, const QString& label, const QString& unit) {
    if (has(key)) rows.push_back({key, label, unit});
  };
  add("/a", OrthoglideEditor::tr("a (K = (0, 0, a))"), "m");
  add("/platform/mass", OrthoglideEditor::tr("platform mass M_p"), "kg");
  const char* axes = "xyz";
  for (int i = 0; i < 3; ++i) {
    const QString c = QStringLiteral("/chains/%1").arg(i);
    const QString leg = OrthoglideEditor::tr("leg %1").arg(i + 1);
    add(c + "/r2", OrthoglideEditor::tr("%1: r2 (half bar spacing)").arg(leg), "m");
    add(c + "/D4", OrthoglideEditor::tr("%1: D4 (bar length)").arg(leg), "m");
    add(c + "/D6", OrthoglideEditor::tr("%1: D6 (far link to P)").arg(leg), "m");
    for (const int b : kOrthoglideBodyNumbers) {
      const QString bk = c + QStringLiteral("/bodies/%1").arg(b);
      const QString body = OrthoglideEditor::tr("%1, body %2").arg(leg).arg(b);
      add(bk + "/mass", OrthoglideEditor::tr("%1: mass").arg(body), "kg");
      for (int k = 0; k < 3; ++k)
        add(bk + QStringLiteral("/com/%1").arg(k), OrthoglideEditor::tr("%1: centre of mass %2").arg(body).arg(QChar(axes[k])), "m");
      for (int r = 0; r < 3; ++r)
        for (int s = r; s < 3; ++s)
          add(bk + QStringLiteral("/inertia/%1/%2").arg(r).arg(s),
              OrthoglideEditor::tr("%1: inertia I%2%3").arg(body).arg(QChar(axes[r])).arg(QChar(axes[s])), "kg m^2");
    }
  }
  return rows;
}

QString numberText(double v) { return QLocale::c().toString(v, 'g', 12); }

}  // namespace

struct OrthoglideEditor::Impl {
  json doc;
  QString fileName;
  OrthoglideModel model;
  bool hasModel = false, modified = false;
  QString message;
  std::vector<Row> rows;
  QTableWidget* table = nullptr;
  QLabel* status = nullptr;

  static bool validate(const json& j, const QString& fileName, OrthoglideModel& out, QString& error) {
    const OrthoglideLoadResult r = parseOrthoglide(j.dump(), fileName.toStdString());
    if (!r.ok()) {
      error = translatedDiagnostics(r.diagnostics);
      return false;
    }
    out = r.model;
    return true;
  }

  void fillTable() {
    const QSignalBlocker block(table);
    table->setRowCount(int(rows.size()));
    for (int r = 0; r < int(rows.size()); ++r) {
      const auto& row = rows[std::size_t(r)];
      auto* name = new QTableWidgetItem(row.label);
      name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
      name->setData(Qt::UserRole, row.key);
      auto* unit = new QTableWidgetItem(row.unit);
      unit->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
      table->setItem(r, 0, name);
      table->setItem(r, 1, new QTableWidgetItem(numberText(doc.at(json::json_pointer(row.key.toStdString())).get<double>())));
      table->setItem(r, 2, unit);
    }
  }

  void refreshRow(const QString& key) {
    const QSignalBlocker block(table);
    for (int r = 0; r < int(rows.size()); ++r)
      if (rows[std::size_t(r)].key == key)
        table->item(r, 1)->setText(numberText(doc.at(json::json_pointer(key.toStdString())).get<double>()));
  }
};

OrthoglideEditor::OrthoglideEditor(QWidget* parent) : QWidget(parent), d(std::make_unique<Impl>()) {
  auto* layout = new QVBoxLayout(this);
  d->table = new QTableWidget(0, 3, this);
  d->table->setObjectName("orthoglideTable");
  d->table->setHorizontalHeaderLabels({tr("Parameter"), tr("Value"), tr("Unit")});
  d->table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  d->table->verticalHeader()->hide();
  d->status = new QLabel(this);
  d->status->setObjectName("orthoglideStatus");
  d->status->setWordWrap(true);
  layout->addWidget(d->table);
  layout->addWidget(d->status);
  connect(d->table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
    if (!item || item->column() != 1) return;
    const QTableWidgetItem* name = d->table->item(item->row(), 0);
    if (!name) return;
    const QString key = name->data(Qt::UserRole).toString();
    editValue(key, item->text());  // a rejected value is put back and explained in the status line
  });
}

OrthoglideEditor::~OrthoglideEditor() = default;

bool OrthoglideEditor::loadFile(const QString& path, QString* error) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    const QString e = tr("%1: cannot open the file").arg(path);
    if (error) *error = e;
    d->message = e;
    d->status->setText(e);
    return false;
  }
  return setDocument(QString::fromUtf8(f.readAll()), path, error);
}

bool OrthoglideEditor::setDocument(const QString& jsonText, const QString& fileName, QString* error) {
  const json j = json::parse(jsonText.toStdString(), nullptr, false);
  QString e;
  OrthoglideModel m;
  if (j.is_discarded()) e = tr("%1: not valid JSON").arg(fileName);
  else if (!j.is_object()) e = tr("%1: not a JSON object").arg(fileName);
  else Impl::validate(j, fileName, m, e);
  if (!e.isEmpty()) {
    if (error) *error = e;
    d->message = e;
    d->status->setText(e);
    return false;
  }
  d->doc = j;
  d->fileName = fileName;
  d->model = m;
  d->hasModel = true;
  d->modified = false;
  d->message.clear();
  d->rows = rowsOf(d->doc);
  d->fillTable();
  d->status->setText(tr("%1: valid").arg(fileName));
  emit modelChanged(d->model);
  return true;
}

bool OrthoglideEditor::save(const QString& path, QString* error) {
  const QString target = path.isEmpty() ? d->fileName : path;
  QSaveFile f(target);
  const QByteArray bytes = QByteArray::fromStdString(d->doc.dump(2) + "\n");
  if (!d->hasModel || !f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
    if (error) *error = tr("%1: cannot write the file").arg(target);
    return false;
  }
  d->fileName = target;
  d->modified = false;
  return true;
}

bool OrthoglideEditor::editValue(const QString& key, const QString& text, QString* error) {
  auto reject = [&](const QString& e) {
    d->message = e;
    d->status->setText(e);
    if (error) *error = e;
    if (d->hasModel && d->doc.contains(json::json_pointer(key.toStdString()))) d->refreshRow(key);
    return false;
  };
  bool known = false;
  for (const auto& r : d->rows) known = known || r.key == key;
  if (!d->hasModel || !known) return reject(tr("%1: not an editable parameter").arg(key));
  bool ok = false;
  const double v = QLocale::c().toDouble(text.trimmed(), &ok);
  if (!ok || !std::isfinite(v)) return reject(tr("%1: \"%2\" is not a finite number").arg(key, text));
  json copy = d->doc;
  copy[json::json_pointer(key.toStdString())] = v;
  // Inertia tensors are symmetric: an off-diagonal term is written to both entries.
  const QStringList parts = key.split('/');
  if (parts.size() >= 3 && parts[parts.size() - 3] == QLatin1String("inertia") && parts.last() != parts[parts.size() - 2]) {
    QStringList mirror = parts;
    std::swap(mirror[mirror.size() - 1], mirror[mirror.size() - 2]);
    copy[json::json_pointer(mirror.join('/').toStdString())] = v;
  }
  OrthoglideModel m;
  QString e;
  if (!Impl::validate(copy, d->fileName, m, e)) return reject(e);
  d->doc = std::move(copy);
  d->model = m;
  d->modified = true;
  d->message.clear();
  d->refreshRow(key);
  d->status->setText(tr("%1 = %2").arg(key, numberText(v)));
  emit modelChanged(d->model);
  return true;
}

QString OrthoglideEditor::valueText(const QString& key) const {
  for (const auto& r : d->rows)
    if (r.key == key) return numberText(d->doc.at(json::json_pointer(key.toStdString())).get<double>());
  return {};
}

QStringList OrthoglideEditor::keys() const {
  QStringList out;
  for (const auto& r : d->rows) out << r.key;
  return out;
}

bool OrthoglideEditor::hasModel() const { return d->hasModel; }
const OrthoglideModel& OrthoglideEditor::model() const { return d->model; }
QString OrthoglideEditor::jsonText() const { return QString::fromStdString(d->doc.dump(2)); }
bool OrthoglideEditor::isModified() const { return d->modified; }
void OrthoglideEditor::setModified(bool modified) { d->modified = modified; }
QString OrthoglideEditor::lastMessage() const { return d->message; }

}  // namespace maniplab::ui
