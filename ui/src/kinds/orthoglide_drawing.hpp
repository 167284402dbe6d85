#pragma once
// The Orthoglide in the 3D view (Guégan, Khalil, Chablat & Wenger 2002; private to ui/ and its tests): the
// three actuator rails (over their strokes) and carriages, each leg's parallelogram (two bars of length D_4
// and its two short links, 2 r_2 long), the link from the far short link to P (D_6), the revolute joints,
// the platform (a cube at P, axes of R_0, it only translates) and the prescribed workspace cube. Posed from
// the actuator positions L (numeric forward geometric model, Newton from the previous pose) or from the
// platform position P (inverse geometric model). World coordinates are R_0 (origin A_1, z_0 along actuator 1).
// Its feed (view_feed.hpp): q[1..3] are the actuator positions L = q_1i [m] (makeOrthoglideChannels) ->
// setActuators; q_d[1..3] -> setDesiredActuators.
#include <QMatrix4x4>
#include <array>
#include <utility>
#include <vector>

#include "maniplab/model/orthoglide_model.hpp"
#include "maniplab/ui/robot_view.hpp"

namespace maniplab::ui {

class OrthoglideDrawing final : public ViewDrawing {
 public:
  /// Parts of one leg, each drawn as a cylinder between two points.
  enum class Part {
    Rail,          ///< actuator axis over the stroke [limits.lower, limits.upper] of q_1i
    CarriageArm,   ///< carriage (origin of frame 1_i) to the passive revolute q_2i (origin of 2_i)
    NearLink,      ///< short link of the parallelogram at the carriage: origins of 2_i (= 3_i) and 7_i
    BarA,          ///< parallelogram bar, body 3_i: origins of 3_i and 4_i (length D_4i)
    BarB,          ///< parallelogram bar, body 7_i: origins of 7_i and 8_i (length D_8i = D_4i)
    FarLink,       ///< far short link, body 4_i: origins of 4_i and 8_i (= 9_i); frame 5_i at its middle
    PlatformLink,  ///< body 5_i: origin of 5_i to P (origin of 6_i, length D_6i)
  };
  static constexpr int kPartCount = 7;

  /// Draws `model` in `view`, posed at model.home (else at K); the view keeps the drawing.
  static OrthoglideDrawing& draw(RobotView& view, const OrthoglideModel& model);

  /// Poses the robot from the actuator positions L = (q_11, q_12, q_13) [m] (forward geometric model,
  /// Newton started from the current platform position, then from K) and appends P to the actual
  /// trail. False (pose unchanged) when L is out of reach.
  bool setActuators(const Vector3& L);
  /// Poses the robot from the platform position P in R_0 [m] (inverse geometric model) and appends P
  /// to the actual trail. False (pose unchanged) when P is out of reach.
  bool setPlatform(const Vector3& P);
  /// Desired trail: the platform position of the desired actuator positions (FGM) or P_d itself.
  bool setDesiredActuators(const Vector3& Ld);
  bool setDesiredPlatform(const Vector3& Pd);
  /// Appends the platform position of the actuator positions L to the actual trail without posing the
  /// robot (a row of a batch before its newest: view_feed.hpp); Newton started from the last traced or
  /// posed position. False when L is out of reach.
  bool traceActuators(const Vector3& L);

  void fitBounds(Vector3& centre, double& radius) const override;
  ViewFeed feed(const QStringList& channels) const override;

  // --- Inspection (tests): the pose in double precision, as computed for drawing, and as drawn. ---
  Vector3 actuatorPositions() const { return L_; }
  Vector3 platformPosition() const { return P_; }
  /// The exact end points of a part (chain 0..2).
  std::pair<Vector3, Vector3> partPoints(int chain, Part part) const;
  /// The same part's world end points recovered from its cylinder's transform (float).
  std::pair<QVector3D, QVector3D> partEnds(int chain, Part part) const;
  /// world <- platform (translation P, axes of R_0) as applied to the platform's body.
  QMatrix4x4 platformTransform() const;

 private:
  struct Leg {
    std::array<int, kPartCount> parts{};  ///< the cylinders' bodies
    std::array<float, kPartCount> radius{};
    int carriage = -1;
    std::array<int, 5> joints{};  ///< the revolute joints' spheres: q_2 (= q_3), q_4, q_5, q_7, q_8
  };

  OrthoglideDrawing(RobotView& view, const OrthoglideModel& model);
  ViewScene build();
  void addLeg(ViewScene& scene, int i, float barR);
  bool solve(const Vector3& P);
  bool forward(const Vector3& L, const Vector3& guess, Vector3& P) const;
  void applyPose();

  RobotView& view_;
  OrthoglideModel og_;
  Vector3 L_ = Vector3::Zero(), P_ = Vector3::Zero(), desiredP_ = Vector3::Zero();
  Vector3 tracedP_ = Vector3::Zero();  ///< the last traced (or posed) platform position
  std::array<std::array<Transform, 9>, 3> frames_{};
  std::vector<Vector3> boundsPts_;
  std::array<Leg, 3> legs_{};
  int platform_ = -1;
};

}  // namespace maniplab::ui
