// Diagnostics of model/ and sim/ in the user's language: the table of codes and their translatable
// templates, and the formatting of their arguments (diagnostic_text.hpp).
#include "maniplab/ui/diagnostic_text.hpp"

#include <array>

#include <QCoreApplication>
#include <QHash>
#include <QLocale>
#include <QStringList>

namespace maniplab::ui {

std::span<const DiagnosticTranslation> diagnosticTranslations() {
  // The English of each row is the catalogue's (model_messages.hpp, sim_messages.hpp), byte for byte:
  // tests/ui/test_translations checks it.
  static constexpr auto table = std::to_array<DiagnosticTranslation>({
      {"file.cannot_open", QT_TRANSLATE_NOOP("Diagnostic", "cannot open file for reading")},
      {"json.invalid_at", QT_TRANSLATE_NOOP("Diagnostic", "invalid JSON at line %1, column %2")},
      {"json.invalid", QT_TRANSLATE_NOOP("Diagnostic", "invalid JSON: %1")},
      {"json.duplicate_key", QT_TRANSLATE_NOOP("Diagnostic", "duplicate key (each key may appear once per object)")},
      {"json.document_not_object", QT_TRANSLATE_NOOP("Diagnostic", "the document must be a JSON object")},
      {"json.format_mismatch", QT_TRANSLATE_NOOP("Diagnostic", "must be \"%1\" (got \"%2\")")},
      {"json.unsupported_version", QT_TRANSLATE_NOOP("Diagnostic", "unsupported version %1 (this program reads version 1)")},
      {"field.unknown_key", QT_TRANSLATE_NOOP("Diagnostic", "unknown key \"%1\" (expected one of: %2)")},
      {"field.missing_number", QT_TRANSLATE_NOOP("Diagnostic", "missing required number")},
      {"field.missing_vector3", QT_TRANSLATE_NOOP("Diagnostic", "missing required 3-vector")},
      {"field.missing_string", QT_TRANSLATE_NOOP("Diagnostic", "missing required string")},
      {"field.missing_object", QT_TRANSLATE_NOOP("Diagnostic", "missing required object")},
      {"field.missing_inertia", QT_TRANSLATE_NOOP("Diagnostic", "missing required inertia tensor")},
      {"field.not_number", QT_TRANSLATE_NOOP("Diagnostic", "must be a number (got %1)")},
      {"field.not_finite", QT_TRANSLATE_NOOP("Diagnostic", "must be finite")},
      {"field.not_vector3", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of 3 numbers")},
      {"field.not_matrix3", QT_TRANSLATE_NOOP("Diagnostic", "must be a 3x3 array of rows")},
      {"field.not_row3", QT_TRANSLATE_NOOP("Diagnostic", "must be a row of 3 numbers")},
      {"field.not_string", QT_TRANSLATE_NOOP("Diagnostic", "must be a string")},
      {"field.not_object", QT_TRANSLATE_NOOP("Diagnostic", "must be an object")},
      {"field.not_boolean", QT_TRANSLATE_NOOP("Diagnostic", "must be true or false")},
      {"field.not_positive", QT_TRANSLATE_NOOP("Diagnostic", "must be positive")},
      {"field.negative", QT_TRANSLATE_NOOP("Diagnostic", "must be non-negative")},
      {"field.negative_got", QT_TRANSLATE_NOOP("Diagnostic", "must be non-negative (got %1)")},
      {"field.zero", QT_TRANSLATE_NOOP("Diagnostic", "must be non-zero")},
      {"field.not_positive_integer", QT_TRANSLATE_NOOP("Diagnostic", "must be a positive integer")},
      {"field.not_unit_vector", QT_TRANSLATE_NOOP("Diagnostic", "must be a unit vector (norm %1)")},
      {"field.not_rotation", QT_TRANSLATE_NOOP("Diagnostic", "must be a rotation matrix (orthonormal, determinant +1)")},
      {"field.not_finite_numbers", QT_TRANSLATE_NOOP("Diagnostic", "must be finite numbers")},
      {"field.not_finite_number", QT_TRANSLATE_NOOP("Diagnostic", "must be a finite number")},
      {"field.not_finite_number_got", QT_TRANSLATE_NOOP("Diagnostic", "must be a finite number (got \"%1\")")},
      {"field.not_three_finite", QT_TRANSLATE_NOOP("Diagnostic", "must be three finite numbers")},
      {"robot.inertia_not_symmetric", QT_TRANSLATE_NOOP("Diagnostic", "inertia tensor must be symmetric")},
      {"robot.inertia_not_psd", QT_TRANSLATE_NOOP("Diagnostic", "inertia tensor must be positive semi-definite (smallest principal moment %1)")},
      {"robot.inertia_triangle", QT_TRANSLATE_NOOP("Diagnostic", "principal moments %1, %2, %3 violate the triangle inequality (not a physical rigid body); loaded as given")},
      {"robot.gear_range", QT_TRANSLATE_NOOP("Diagnostic", "must be between %1 and %2 in magnitude, as a real gear train (got %3)")},
      {"robot.friction_negative", QT_TRANSLATE_NOOP("Diagnostic", "friction coefficients must be non-negative")},
      {"robot.joint_type", QT_TRANSLATE_NOOP("Diagnostic", "must be \"revolute\" or \"prismatic\" (got \"%1\")")},
      {"robot.rpy_or_p", QT_TRANSLATE_NOOP("Diagnostic", "give either \"rpy\" or \"P\", not both")},
      {"robot.lower_above_upper", QT_TRANSLATE_NOOP("Diagnostic", "lower limit is greater than upper limit")},
      {"robot.massless_inertia", QT_TRANSLATE_NOOP("Diagnostic", "massless link with non-zero inertia (accepted; its inertia still acts)")},
      {"robot.geometry_shape", QT_TRANSLATE_NOOP("Diagnostic", "must be \"box\", \"cylinder\", \"sphere\" or \"mesh\"")},
      {"robot.convention", QT_TRANSLATE_NOOP("Diagnostic", "must be \"dh\", \"mdh\" or \"general\" (got \"%1\")")},
      {"robot.angle_unit", QT_TRANSLATE_NOOP("Diagnostic", "must be \"rad\" or \"deg\"")},
      {"robot.rotor_model", QT_TRANSLATE_NOOP("Diagnostic", "must be \"armature\" or \"full\"")},
      {"robot.no_joints", QT_TRANSLATE_NOOP("Diagnostic", "must be a non-empty array of joints")},
      {"robot.too_many_joints", QT_TRANSLATE_NOOP("Diagnostic", "at most 64 joints are supported")},
      {"robot.too_many_moving_joints", QT_TRANSLATE_NOOP("Diagnostic", "at most 64 moving joints are supported")},
      {"robot.home_size", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of %1 numbers (one per joint)")},
      {"robot.home_outside_limits", QT_TRANSLATE_NOOP("Diagnostic", "home position is outside the joint limits")},
      {"robot.full_rotor_inertia", QT_TRANSLATE_NOOP("Diagnostic", "with the full rotor model the link inertia should include the rotor of joint %1 as a locked part (Llibre, Mampey & Chrétien 1983: J' = J - J_m); here J - J_m has a negative principal moment (%2)")},
      {"robot.singular_at_home", QT_TRANSLATE_NOOP("Diagnostic", "the mass matrix is singular or near-singular at the home pose (no inertia moves with joint %1 independently of the joints before it): give this link (or the links after it) mass/inertia, or a rotor inertia")},
      {"urdf.xml_not_well_formed", QT_TRANSLATE_NOOP("Diagnostic", "not well-formed XML at line %1, column %2: %3 (file rejected before it reaches the URDF parser)")},
      {"urdf.parser", QT_TRANSLATE_NOOP("Diagnostic", "URDF: %1")},
      {"urdf.invalid", QT_TRANSLATE_NOOP("Diagnostic", "not a valid URDF document")},
      {"urdf.no_root", QT_TRANSLATE_NOOP("Diagnostic", "the URDF has no root link")},
      {"urdf.self_loop", QT_TRANSLATE_NOOP("Diagnostic", "joint \"%1\" connects link \"%2\" to itself")},
      {"urdf.two_parents", QT_TRANSLATE_NOOP("Diagnostic", "link \"%1\" has two parent joints (\"%2\" and \"%3\"): URDF describes trees")},
      {"urdf.closed_loop", QT_TRANSLATE_NOOP("Diagnostic", "the joints form a closed loop through link \"%1\": URDF describes trees")},
      {"urdf.axis", QT_TRANSLATE_NOOP("Diagnostic", "the joint axis must be a non-zero finite vector")},
      {"urdf.limits_finite", QT_TRANSLATE_NOOP("Diagnostic", "limits must be finite numbers")},
      {"urdf.gear_zero", QT_TRANSLATE_NOOP("Diagnostic", "the mechanical reduction (gear ratio) must be non-zero")},
      {"urdf.rotor_negative", QT_TRANSLATE_NOOP("Diagnostic", "the rotor inertia must be non-negative")},
      {"urdf.rotor_transverse_negative", QT_TRANSLATE_NOOP("Diagnostic", "the transverse rotor inertia must be non-negative")},
      {"urdf.mass_inertia_finite", QT_TRANSLATE_NOOP("Diagnostic", "mass and inertia must be finite numbers")},
      {"urdf.zero_limits", QT_TRANSLATE_NOOP("Diagnostic", "lower = upper = 0 (URDF's default when the attributes are missing): the joint is outside its limits as soon as it moves")},
      {"urdf.no_velocity_limit", QT_TRANSLATE_NOOP("Diagnostic", "not positive: no velocity limit")},
      {"urdf.no_effort_limit", QT_TRANSLATE_NOOP("Diagnostic", "not positive: no effort limit")},
      {"urdf.dynamics", QT_TRANSLATE_NOOP("Diagnostic", "damping and friction must be finite and non-negative")},
      {"scene.robot_invalid", QT_TRANSLATE_NOOP("Diagnostic", "the robot file \"%1\" is invalid:")},
      {"scene.serial_kind", QT_TRANSLATE_NOOP("Diagnostic", "must be \"serial\" or absent for a serial scene (got \"%1\")")},
      {"scene.unknown_trajectory", QT_TRANSLATE_NOOP("Diagnostic", "unknown trajectory type \"%1\" (quintic, trapezoidal, via_points, fourier, cartesian_line, umis_thesis_line, hold)")},
      {"scene.controller_type", QT_TRANSLATE_NOOP("Diagnostic", "must be \"pid\", \"pd_gravity\", \"computed_torque\", \"operational_space\" or \"zero\" (got \"%1\")")},
      {"scene.duplicate_controller", QT_TRANSLATE_NOOP("Diagnostic", "duplicate controller name \"%1\"")},
      {"scene.no_controllers", QT_TRANSLATE_NOOP("Diagnostic", "must be a non-empty array of controllers")},
      {"scene.duration_short", QT_TRANSLATE_NOOP("Diagnostic", "shorter than the trajectory (%1 s): the run stops mid-motion")},
      {"scene.duration_max", QT_TRANSLATE_NOOP("Diagnostic", "must be at most 24 h of simulated time")},
      {"scene.run_too_large", QT_TRANSLATE_NOOP("Diagnostic", "%1 s at these rates is %2 control periods and %3 plant steps of %4 joints: beyond the %5 control periods x joints (the recorded trace) or %6 plant steps x joints (the computation) a run may take; lower the duration or the rates")},
      {"scene.points", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of at least 2 joint vectors")},
      {"scene.times", QT_TRANSLATE_NOOP("Diagnostic", "must be an array with one time per point")},
      {"scene.times_increasing", QT_TRANSLATE_NOOP("Diagnostic", "must be later than the previous time (%1 s)")},
      {"scene.joint_count", QT_TRANSLATE_NOOP("Diagnostic", "must have %1 values (one per joint), got %2")},
      {"scene.number_or_array", QT_TRANSLATE_NOOP("Diagnostic", "must be a number or an array of %1 numbers")},
      {"scene.missing_joint_value", QT_TRANSLATE_NOOP("Diagnostic", "missing required value (a number or an array of %1)")},
      {"scene.negative_joint", QT_TRANSLATE_NOOP("Diagnostic", "must be non-negative (joint %1: %2)")},
      {"scene.rates_multiple", QT_TRANSLATE_NOOP("Diagnostic", "plant_hz must be a whole multiple of control_hz (got %1 / %2)")},
      {"scene.stepper", QT_TRANSLATE_NOOP("Diagnostic", "must be \"euler\", \"rk4\" or \"dopri5\"")},
      {"scene.record_array", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of channel groups")},
      {"scene.record_group", QT_TRANSLATE_NOOP("Diagnostic", "unknown channel group (reference, state, error, torque, friction, end_effector, energy, timing)")},
      {"scene.backend", QT_TRANSLATE_NOOP("Diagnostic", "must be \"sim\" or \"ethercat\"")},
      {"scene.design_or_gains", QT_TRANSLATE_NOOP("Diagnostic", "give either \"design\" or explicit \"kp\"/\"kv\", not both")},
      {"scene.perturbation_range", QT_TRANSLATE_NOOP("Diagnostic", "must be in [0, 100)")},
      {"scene.friction_compensation", QT_TRANSLATE_NOOP("Diagnostic", "must be \"none\", \"coulomb\" or \"full\"")},
      {"scene.missing_cartesian_gain", QT_TRANSLATE_NOOP("Diagnostic", "missing required gain (a number or an array of 6, one per Cartesian axis phi theta psi X Y Z)")},
      {"scene.cartesian_count", QT_TRANSLATE_NOOP("Diagnostic", "must have 6 values (one per Cartesian axis phi theta psi X Y Z), got %1")},
      {"scene.cartesian_number_or_array", QT_TRANSLATE_NOOP("Diagnostic", "must be a number or an array of 6 numbers (one per Cartesian axis phi theta psi X Y Z)")},
      {"scene.negative_axis", QT_TRANSLATE_NOOP("Diagnostic", "must be non-negative (axis %1: %2)")},
      {"scene.operational_space_joints", QT_TRANSLATE_NOOP("Diagnostic", "\"operational_space\" needs a robot with 6 joints (square Jacobian); \"%1\" has %2")},
      {"scene.singular_threshold", QT_TRANSLATE_NOOP("Diagnostic", "must be positive (smallest singular value of J where damping starts)")},
      {"scene.max_damping", QT_TRANSLATE_NOOP("Diagnostic", "must be non-negative (0 = no damping: the exact inverse everywhere)")},
      {"scene.saturation", QT_TRANSLATE_NOOP("Diagnostic", "must be \"limits\", a number or an array")},
      {"scene.anti_windup", QT_TRANSLATE_NOOP("Diagnostic", "must be \"clamping\", \"back_calculation\", \"both\" or \"none\"")},
      {"scene.tracking_time", QT_TRANSLATE_NOOP("Diagnostic", "back-calculation anti-windup needs a tracking time")},
      {"scene.fourier_coefficients", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of %1 coefficient arrays (one per joint)")},
      {"scene.ik_method", QT_TRANSLATE_NOOP("Diagnostic", "must be \"auto\", \"umis\" or \"numeric\"")},
      {"scene.encoder_bits", QT_TRANSLATE_NOOP("Diagnostic", "must be in [0, 62] (0 = no quantisation)")},
      {"scene.velocity_estimator", QT_TRANSLATE_NOOP("Diagnostic", "must be \"true\" or \"difference\" (Zanaboni 2009 estimator)")},
      {"scene.loss_budget", QT_TRANSLATE_NOOP("Diagnostic", "must be in [0, 10000] ms (0: the master's default)")},
      {"scene.losses_per_second", QT_TRANSLATE_NOOP("Diagnostic", "must be >= 0 (0: the master's default)")},
      {"trajectory.line_out_of_reach", QT_TRANSLATE_NOOP("Diagnostic", "CartesianLineTrajectory: pose out of reach at t = %1 s")},
      {"trajectory.line_ik_not_converged", QT_TRANSLATE_NOOP("Diagnostic", "CartesianLineTrajectory: numeric IK did not converge at t = %1 s (position error %2 m)")},
      {"trajectory.line_ik_miss", QT_TRANSLATE_NOOP("Diagnostic", "CartesianLineTrajectory: IK solution does not reach the pose at t = %1 s (FK error %2 m, %3 rad; does the UMIS geometry match the model?)")},
      {"trajectory.line_singular", QT_TRANSLATE_NOOP("Diagnostic", "CartesianLineTrajectory: singular Jacobian at t = %1 s (smallest singular value %2 < %3)")},
      {"trajectory.umis_line_needs_umis", QT_TRANSLATE_NOOP("Diagnostic", "umis_thesis_line needs the UMIS robot (its DH structure was not found)")},
      {"trajectory.umis_ik_needs_umis", QT_TRANSLATE_NOOP("Diagnostic", "\"ik\": \"umis\" needs the UMIS robot structure")},
      {"scene.cannot_save", QT_TRANSLATE_NOOP("Diagnostic", "cannot save the scene '%1': %2")},
      {"scene.would_not_read_back", QT_TRANSLATE_NOOP("Diagnostic", "cannot save the scene '%1': it would not read back:\n%2")},
      {"run.joint", QT_TRANSLATE_NOOP("Diagnostic", "joint %1")},
      {"run.joint_named", QT_TRANSLATE_NOOP("Diagnostic", "joint %1 (%2)")},
      {"run.coordinate_position", QT_TRANSLATE_NOOP("Diagnostic", "%1 position")},
      {"run.coordinate_velocity", QT_TRANSLATE_NOOP("Diagnostic", "%1 velocity")},
      {"run.diverged_not_finite", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: the simulation diverged: %2 is not finite")},
      {"run.diverged_beyond", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: the simulation diverged: %2 reached %3, beyond %4 (energy blow-up; reduce the step or check the gains)")},
      {"run.fault_stopped", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2; the simulation stopped")},
      {"run.singular_mass_matrix", QT_TRANSLATE_NOOP("Diagnostic", "the mass matrix became singular at %1")},
      {"run.stall_step_too_small", QT_TRANSLATE_NOOP("Diagnostic", "the step fell to %1 s")},
      {"run.stall_rejections", QT_TRANSLATE_NOOP("Diagnostic", "%1 steps rejected in a row, the last of %2 s")},
      {"run.stall_too_many_steps", QT_TRANSLATE_NOOP("Diagnostic", "%1 steps in one tick of %2 s, the last of %3 s")},
      {"run.stalled", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: the adaptive stepper stalled (%2): the dynamics are discontinuous there, usually through Coulomb friction's sign at zero velocity; set a coulomb_smoothing velocity")},
      {"run.stalled_on", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: the adaptive stepper stalled (%2; the largest error is on %3): the dynamics are discontinuous there, usually through Coulomb friction's sign at zero velocity; set a coulomb_smoothing velocity")},
      {"run.energy_blow_up", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: energy blow-up: the total energy departs from its initial value plus the actuator work by %2 J; the integration diverged (reduce the step)")},
      {"limit.value", QT_TRANSLATE_NOOP("Diagnostic", "%1 %2")},
      {"limit.value_degrees", QT_TRANSLATE_NOOP("Diagnostic", "%1 %2 (%3 deg)")},
      {"limit.upper_position", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2 passes its upper position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s")},
      {"limit.lower_position", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2 passes its lower position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s")},
      {"limit.velocity", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2 passes its velocity limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s")},
      {"limit.acceleration", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2 passes its acceleration limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s")},
      {"limit.effort", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2 passes its effort limit %3 by %4: peak %5 at t = %6 s (inverse dynamics along the desired trajectory), back within the limit at t = %7 s")},
  });
  return table;
}

namespace {

/// The translatable template of a code; null when the table has no row for it.
const char* sourceOf(const std::string& code) {
  static const QHash<QString, const char*> byCode = [] {
    QHash<QString, const char*> h;
    for (const DiagnosticTranslation& t : diagnosticTranslations()) h.insert(QString::fromLatin1(t.code), t.source);
    return h;
  }();
  return byCode.value(QString::fromStdString(code), nullptr);
}

/// A number written the English way ("-0.7855", "1e-05") with the locale's decimal point and signs.
QString localNumber(const std::string& english) {
  const QLocale loc;
  QString out;
  for (const char c : english) {
    if (c == '.') out += loc.decimalPoint();
    else if (c == '-') out += loc.negativeSign();
    else if (c == '+') out += loc.positiveSign();
    else out += QLatin1Char(c);
  }
  return out;
}

QString argumentText(const MessageArg& a) {
  switch (a.kind) {
    case MessageArg::Kind::Nested: return a.nested ? translatedMessage(*a.nested) : QString::fromStdString(a.text);
    case MessageArg::Kind::Number: return localNumber(a.text);
    case MessageArg::Kind::Integer:  // counts, joint and line numbers: no digit grouping
    case MessageArg::Kind::Text:
    case MessageArg::Kind::Field: break;
  }
  return QString::fromStdString(a.text);
}

}  // namespace

QString translatedMessage(const Message& m) {
  const char* source = m.code.empty() ? nullptr : sourceOf(m.code);
  if (!source) return QString::fromStdString(m.text);
  const QString t = QCoreApplication::translate("Diagnostic", source);
  // %1 ... %9 replaced in one pass (an argument that contains "%2" is not substituted again).
  QString out;
  out.reserve(t.size() + 32);
  for (qsizetype i = 0; i < t.size(); ++i) {
    const QChar c = t[i];
    if (c == QLatin1Char('%') && i + 1 < t.size() && t[i + 1] >= QLatin1Char('1') && t[i + 1] <= QLatin1Char('9')) {
      const auto k = std::size_t(t[i + 1].unicode() - '1');
      if (k < m.args.size()) {
        out += argumentText(m.args[k]);
        ++i;
        continue;
      }
    }
    out += c;
  }
  return out;
}

QString translatedDiagnostic(const Diagnostic& d) {
  const QString file = QString::fromStdString(d.file);
  const QString path = d.path.empty() ? QStringLiteral("/") : QString::fromStdString(d.path);
  const QString text = translatedMessage(d.detail());
  return d.severity == Diagnostic::Severity::Error
             ? QCoreApplication::translate("Diagnostic", "%1:%2: error: %3").arg(file, path, text)
             : QCoreApplication::translate("Diagnostic", "%1:%2: warning: %3").arg(file, path, text);
}

QString translatedDiagnostics(const std::vector<Diagnostic>& ds) {
  QStringList lines;
  for (const Diagnostic& d : ds) lines << translatedDiagnostic(d);
  return lines.join(QLatin1Char('\n'));
}

QString translatedError(const std::exception& e) {
  if (const auto* m = dynamic_cast<const MessageError*>(&e)) return translatedMessage(m->message());
  return QString::fromUtf8(e.what());
}

QString translatedFailure(const std::string& english, const Message& detail) {
  if (!detail.code.empty() && detail.text == english) return translatedMessage(detail);
  return QString::fromStdString(english);
}

}  // namespace maniplab::ui
