#pragma once
// One way to open a document: a file is read once (openDocument) and recognised from what it holds, a
// ManipLab robot of any kind, a URDF robot or a scene of any registered kind; the robot or the scene is
// then parsed from that same text. The window (File > Open, a dropped file, the recent files) and the CLI
// commands that take "a file" call it instead of each reading the file to ask what it is and then reading
// it again to load it.
//
// Recognition (in this order): a name ending in ".urdf" is a URDF robot (liburdfdom reads it); a JSON
// object's header (DocumentHeader: "format", "kind") names a scene kind (SceneKind::readsScene) or a
// robot of a kind (SceneKind::readsRobot: the serial kind's "maniplab-robot", the Orthoglide's robot);
// anything else is Unknown, and scene() then says what the file is and what reads it.
#include <string>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/urdf/urdf_file.hpp"

namespace maniplab::sim {

struct Document {
  enum class Type {
    Unreadable,  ///< the file could not be read (absent, a directory, no permission)
    Urdf,        ///< a URDF robot (by its extension)
    Robot,       ///< a robot file of a scene kind (`kind`: the serial kind for "maniplab-robot")
    Scene,       ///< a scene of a registered kind (`kind`)
    Unknown,     ///< none of these: not JSON, not an object, an unknown format or kind
  };
  std::string path;
  std::string text;  ///< the file's bytes, as read once
  DocumentHeader header;
  Type type = Type::Unreadable;
  const SceneKind* kind = nullptr;  ///< Robot, Scene: the kind that reads it

  bool isSerialRobot() const;  ///< a robot that a serial scene can take: "maniplab-robot" or a URDF
  /// What the file is, in words ("a serial scene (format ...)", "a URDF robot file"...), for messages that
  /// redirect to the command or menu that reads it.
  std::string description() const;
  /// The scene the text holds (parseAnyScene: relative paths from the file's folder); for any other type,
  /// the error that says what the file is and what reads it ("cannot open file for reading" when Unreadable).
  SceneLoad scene() const;
  /// The serial robot the text holds (ManipLab JSON, or URDF with `urdf`'s chain choice); an error
  /// diagnostic naming the file for any other type. `description.sourceFile` is the path.
  RobotLoadResult robot(const UrdfImportOptions& urdf = {}) const;
};

/// Reads `path` once and says what it is (never throws; Unreadable when it cannot be read).
Document openDocument(const std::string& path);

}  // namespace maniplab::sim
