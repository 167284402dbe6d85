#pragma once
// Field access for the chain editor: reading and writing one value of a joint description by its editor
// key (table columns and panel fields), with the display unit (degrees for angles).
#include <QString>
#include <QStringList>
#include <optional>

#include "maniplab/model/robot_description.hpp"

namespace maniplab::ui {

/// Table column keys of a convention (in display order).
QStringList chainColumns(Convention c);
/// Inertial-panel and actuator-panel keys.
QStringList linkFieldKeys();
QStringList actuatorFieldKeys();
/// Coupling-panel keys: the joint a coupled (mimic) joint follows ("mimic_joint", 1-based, empty for an
/// independent joint), its multiplier and offset (q = multiplier * q_source + offset).
QStringList couplingFieldKeys();

/// True when the value of `key` is shown in degrees for this joint (alpha/theta/rpy always; offset,
/// limits, velocity of a revolute joint).
bool isAngleKey(const QString& key, const JointDescription& j);
/// True for the limit keys, whose empty text means "no limit".
bool isLimitKey(const QString& key);
/// The JSON pointer of the field in the robot file (for matching the loader's diagnostics).
QString fieldPath(Convention c, int joint, const QString& key, const JointDescription& j);

/// The SI value of a numeric key (nullopt for non-numeric keys or keys of another convention).
std::optional<double> fieldValue(Convention c, const JointDescription& j, const QString& key);
/// Sets the SI value of a numeric key; false for an unknown key.
bool setFieldValue(Convention c, JointDescription& j, const QString& key, double v);

}  // namespace maniplab::ui
