// The EtherCAT panel's object-dictionary browser (SDO information, SDO upload/download). See
// object_dictionary_browser.hpp.
#include "maniplab/ui/object_dictionary_browser.hpp"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "maniplab/ethercat/coe.hpp"
#include "maniplab/ethercat/sdo_value.hpp"
#include "maniplab/ui/text_conversion.hpp"
#include "background_job.hpp"

namespace maniplab::ui {

namespace {
namespace ec = maniplab::ethercat;
namespace coe = maniplab::ethercat::coe;
QString hex4(unsigned v) { return QStringLiteral("0x%1").arg(v, 4, 16, QLatin1Char('0')).toUpper().replace(QLatin1String("0X"), QLatin1String("0x")); }
enum Col { ColIndex, ColName, ColType, ColBits, ColAccess, ColValue, ColCount };
constexpr int RoleIndex = Qt::UserRole, RoleSub = Qt::UserRole + 1;
}  // namespace

struct ObjectDictionaryBrowser::Impl {
  ObjectDictionaryBrowser* self = nullptr;
  std::shared_ptr<ec::BusProvider> provider;
  QComboBox* slaveCombo = nullptr;
  QPushButton *loadButton = nullptr, *readButton = nullptr, *writeButton = nullptr;
  QLineEdit* valueEdit = nullptr;
  QLabel *slaveLabel = nullptr, *valueLabel = nullptr, *statusLabel = nullptr;
  QTreeWidget* tree = nullptr;
  BackgroundJob job;  // the SDO read or write in progress (one at a time)
  QString lastError;
  int slave = -1;  ///< the slave whose dictionary is shown
  std::vector<ec::Master::ObjectInfo> objects;

  void build();
  void retranslate();
  void fill();
  void updateButtons();
  QTreeWidgetItem* item(std::uint16_t index, int sub) const;
  const coe::info::EntryDescription* entry(std::uint16_t index, int sub) const;
  void runJob(const QString& action, std::function<QString()> job, std::function<void()> done);
};

ObjectDictionaryBrowser::ObjectDictionaryBrowser(std::shared_ptr<ethercat::BusProvider> provider, QWidget* parent)
    : QWidget(parent), d(std::make_unique<Impl>()) {
  d->self = this;
  d->provider = std::move(provider);
  d->build();
  d->retranslate();
  d->updateButtons();
}

ObjectDictionaryBrowser::~ObjectDictionaryBrowser() {
  d->job.wait();
}

void ObjectDictionaryBrowser::Impl::build() {
  auto* v = new QVBoxLayout(self);
  v->setContentsMargins(0, 0, 0, 0);
  auto* row = new QHBoxLayout;
  slaveLabel = new QLabel(self);
  slaveCombo = new QComboBox(self);
  slaveCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  loadButton = new QPushButton(self);
  row->addWidget(slaveLabel);
  row->addWidget(slaveCombo, 1);
  row->addWidget(loadButton);
  v->addLayout(row);
  tree = new QTreeWidget(self);
  tree->setColumnCount(ColCount);
  tree->setUniformRowHeights(true);
  tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  tree->header()->setStretchLastSection(true);
  v->addWidget(tree, 1);
  auto* edit = new QHBoxLayout;
  valueLabel = new QLabel(self);
  valueEdit = new QLineEdit(self);
  readButton = new QPushButton(self);
  writeButton = new QPushButton(self);
  edit->addWidget(valueLabel);
  edit->addWidget(valueEdit, 1);
  edit->addWidget(readButton);
  edit->addWidget(writeButton);
  v->addLayout(edit);
  statusLabel = new QLabel(self);
  statusLabel->setWordWrap(true);
  statusLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->addWidget(statusLabel);
  QObject::connect(loadButton, &QPushButton::clicked, self, [this] { self->load(slaveCombo->currentIndex()); });
  QObject::connect(readButton, &QPushButton::clicked, self, [this] { self->readSelected(); });
  QObject::connect(writeButton, &QPushButton::clicked, self, [this] { self->writeSelected(valueEdit->text()); });
  QObject::connect(valueEdit, &QLineEdit::returnPressed, self, [this] { self->writeSelected(valueEdit->text()); });
  QObject::connect(tree, &QTreeWidget::currentItemChanged, self, [this](QTreeWidgetItem* it) {
    updateButtons();
    if (it && it->data(0, RoleSub).toInt() >= 0 && !job.busy()) self->readSelected();
  });
}

void ObjectDictionaryBrowser::Impl::retranslate() {
  slaveLabel->setText(ObjectDictionaryBrowser::tr("Slave:"));
  loadButton->setText(ObjectDictionaryBrowser::tr("Read dictionary"));
  loadButton->setToolTip(ObjectDictionaryBrowser::tr("List the slave's objects and entries by SDO information (ETG.1000.6)"));
  tree->setHeaderLabels({ObjectDictionaryBrowser::tr("Index"), ObjectDictionaryBrowser::tr("Name"), ObjectDictionaryBrowser::tr("Data type"),
                         ObjectDictionaryBrowser::tr("Bits"), ObjectDictionaryBrowser::tr("Access"), ObjectDictionaryBrowser::tr("Value")});
  valueLabel->setText(ObjectDictionaryBrowser::tr("Value:"));
  valueEdit->setToolTip(ObjectDictionaryBrowser::tr("Integers in decimal or 0x hex, REAL32 as a number, strings as text, other types as hex bytes"));
  readButton->setText(ObjectDictionaryBrowser::tr("Read"));
  readButton->setToolTip(ObjectDictionaryBrowser::tr("Read the selected entry by SDO upload"));
  writeButton->setText(ObjectDictionaryBrowser::tr("Write"));
  writeButton->setToolTip(ObjectDictionaryBrowser::tr("Write the value to the selected entry by SDO download (not during a run)"));
  for (int i = 0; i < tree->topLevelItemCount(); ++i)
    for (int k = 0; k < tree->topLevelItem(i)->childCount(); ++k) {
      auto* c = tree->topLevelItem(i)->child(k);
      const auto* e = entry(std::uint16_t(c->data(0, RoleIndex).toUInt()), c->data(0, RoleSub).toInt());
      if (e) c->setText(ColAccess, (e->access & coe::info::access::Write) ? ObjectDictionaryBrowser::tr("read/write") : ObjectDictionaryBrowser::tr("read only"));
    }
  if (statusLabel->text().isEmpty()) statusLabel->setText(ObjectDictionaryBrowser::tr("Scan or start the bus, choose a slave, read its dictionary."));
}

void ObjectDictionaryBrowser::setSlaves(const std::vector<ethercat::SlaveInfo>& slaves) {
  QStringList names;
  for (const auto& s : slaves)
    names << (s.identity.name.empty() ? tr("slave %1").arg(s.position + 1) : tr("slave %1 (%2)").arg(s.position + 1).arg(q(s.identity.name)));
  QStringList have;
  for (int i = 0; i < d->slaveCombo->count(); ++i) have << d->slaveCombo->itemText(i);
  if (have == names) return;
  const int keep = d->slaveCombo->currentIndex();
  d->slaveCombo->clear();
  d->slaveCombo->addItems(names);
  if (keep >= 0 && keep < names.size()) d->slaveCombo->setCurrentIndex(keep);
  d->updateButtons();
}

QTreeWidgetItem* ObjectDictionaryBrowser::Impl::item(std::uint16_t index, int sub) const {
  for (int i = 0; i < tree->topLevelItemCount(); ++i) {
    auto* o = tree->topLevelItem(i);
    if (o->data(0, RoleIndex).toUInt() != index) continue;
    if (sub < 0) return o;
    for (int k = 0; k < o->childCount(); ++k)
      if (o->child(k)->data(0, RoleSub).toInt() == sub) return o->child(k);
  }
  return nullptr;
}

const coe::info::EntryDescription* ObjectDictionaryBrowser::Impl::entry(std::uint16_t index, int sub) const {
  for (const auto& o : objects)
    if (o.object.index == index)
      for (const auto& e : o.entries)
        if (e.subindex == sub) return &e;
  return nullptr;
}

void ObjectDictionaryBrowser::Impl::fill() {
  tree->clear();
  for (const auto& o : objects) {
    auto* top = new QTreeWidgetItem(tree);
    top->setText(ColIndex, hex4(o.object.index));
    top->setText(ColName, q(o.object.name));
    top->setText(ColType, QString::fromLatin1(coe::dataTypeName(o.object.dataType)));
    top->setData(0, RoleIndex, o.object.index);
    top->setData(0, RoleSub, -1);
    for (const auto& e : o.entries) {
      auto* c = new QTreeWidgetItem(top);
      c->setText(ColIndex, QStringLiteral(":%1").arg(e.subindex, 2, 16, QLatin1Char('0')).toUpper());
      c->setText(ColName, q(e.name));
      c->setText(ColType, QString::fromLatin1(coe::dataTypeName(e.dataType)));
      c->setText(ColBits, QString::number(e.bitLength));
      c->setData(0, RoleIndex, o.object.index);
      c->setData(0, RoleSub, int(e.subindex));
    }
  }
  retranslate();
}

void ObjectDictionaryBrowser::Impl::updateButtons() {
  auto* it = tree->currentItem();
  const bool entrySel = it && it->data(0, RoleSub).toInt() >= 0;
  const auto* e = entrySel ? entry(std::uint16_t(it->data(0, RoleIndex).toUInt()), it->data(0, RoleSub).toInt()) : nullptr;
  loadButton->setEnabled(!job.busy() && slaveCombo->count() > 0);
  readButton->setEnabled(!job.busy() && entrySel);
  writeButton->setEnabled(!job.busy() && e && (e->access & coe::info::access::Write));
  slaveCombo->setEnabled(!job.busy());
}

void ObjectDictionaryBrowser::Impl::runJob(const QString& action, std::function<QString()> work, std::function<void()> done) {
  const bool started = job.start(self, std::move(work), [this, action, done](const QString& err) {
    lastError = err;
    if (done) done();
    if (!err.isEmpty()) statusLabel->setText(ObjectDictionaryBrowser::tr("%1 failed: %2").arg(action, err));
    updateButtons();
    emit self->jobFinished(action, err);
  });
  if (!started) {
    lastError = ObjectDictionaryBrowser::tr("busy");
    emit self->jobFinished(action, lastError);
    return;
  }
  statusLabel->setText(ObjectDictionaryBrowser::tr("%1 …").arg(action));
  updateButtons();
}

void ObjectDictionaryBrowser::load(int slave) {
  auto session = d->provider->current();
  if (!session || slave < 0) {
    d->lastError = tr("no bus: scan or start it first");
    d->statusLabel->setText(d->lastError);
    emit jobFinished(tr("Read dictionary"), d->lastError);
    return;
  }
  if (slave < d->slaveCombo->count()) d->slaveCombo->setCurrentIndex(slave);
  auto result = std::make_shared<std::vector<ec::Master::ObjectInfo>>();
  d->runJob(tr("Read dictionary"), [session, slave, result] { return q(session->objectDictionary(slave, *result)); },
            [this, slave, result] {
              if (!d->lastError.isEmpty()) return;
              d->objects = std::move(*result);
              d->slave = slave;
              d->fill();
              d->statusLabel->setText(tr("%n object(s) of slave %1", nullptr, int(d->objects.size())).arg(slave + 1));
            });
}

bool ObjectDictionaryBrowser::select(std::uint16_t index, int sub) {
  auto* it = d->item(index, sub);
  if (!it) return false;
  d->tree->setCurrentItem(it);
  return true;
}

void ObjectDictionaryBrowser::readSelected() {
  auto* it = d->tree->currentItem();
  auto session = d->provider->current();
  if (!it || it->data(0, RoleSub).toInt() < 0 || !session || d->slave < 0) return;
  const std::uint16_t index = std::uint16_t(it->data(0, RoleIndex).toUInt());
  const int sub = it->data(0, RoleSub).toInt();
  const int slave = d->slave;
  auto value = std::make_shared<ec::Master::SdoData>();
  d->runJob(tr("Read %1:%2").arg(hex4(index)).arg(sub), [session, slave, index, sub, value] {
    *value = session->readObject(slave, index, std::uint8_t(sub));
    return value->ok ? QString() : q(value->error);
  }, [this, index, sub, value] {
    auto* row = d->item(index, sub);
    const auto* e = d->entry(index, sub);
    if (!row) return;
    if (value->ok) {
      const QString text = q(ec::formatSdoValue(e ? e->dataType : 0, value->data));
      row->setText(ColValue, text);
      d->valueEdit->setText(text.section(QLatin1Char(' '), 0, 0).remove(QLatin1Char('"')));
      if (e && (e->dataType == coe::dtype::VisibleString || e->dataType == coe::dtype::OctetString || !e->dataType)) d->valueEdit->setText(text);
      d->statusLabel->setText(tr("%1:%2 read").arg(hex4(index)).arg(sub));
    } else {
      row->setText(ColValue, tr("(not readable)"));
    }
  });
}

void ObjectDictionaryBrowser::writeSelected(const QString& text) {
  auto* it = d->tree->currentItem();
  auto session = d->provider->current();
  if (!it || it->data(0, RoleSub).toInt() < 0 || !session || d->slave < 0) {
    d->lastError = tr("choose an entry first");
    emit jobFinished(tr("Write"), d->lastError);
    return;
  }
  const std::uint16_t index = std::uint16_t(it->data(0, RoleIndex).toUInt());
  const int sub = it->data(0, RoleSub).toInt();
  const auto* e = d->entry(index, sub);
  std::vector<std::uint8_t> bytes;
  std::string why;
  if (!ec::parseSdoValue(e ? e->dataType : 0, e ? e->bitLength : 0, text.toStdString(), bytes, &why)) {
    d->lastError = tr("%1:%2: %3").arg(hex4(index)).arg(sub).arg(q(why));
    d->statusLabel->setText(d->lastError);
    emit jobFinished(tr("Write"), d->lastError);
    return;
  }
  const int slave = d->slave;
  d->runJob(tr("Write %1:%2").arg(hex4(index)).arg(sub), [session, slave, index, sub, bytes] {
    const auto r = session->writeObject(slave, index, std::uint8_t(sub), bytes);
    return r.ok ? QString() : q(r.error);
  }, [this] {
    if (d->lastError.isEmpty()) {
      d->statusLabel->setText(tr("written"));
      QMetaObject::invokeMethod(this, [this] { readSelected(); }, Qt::QueuedConnection);  // show what the slave holds now
    }
  });
}

bool ObjectDictionaryBrowser::busy() const { return d->job.busy(); }
QString ObjectDictionaryBrowser::lastError() const { return d->lastError; }
int ObjectDictionaryBrowser::objectCount() const { return int(d->objects.size()); }
QString ObjectDictionaryBrowser::itemText(std::uint16_t index, int sub, int column) const {
  auto* it = d->item(index, sub);
  return it ? it->text(column) : QString();
}

void ObjectDictionaryBrowser::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) d->retranslate();
  QWidget::changeEvent(e);
}

}  // namespace maniplab::ui
