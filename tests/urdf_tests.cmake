# URDF import/export (model/urdf): round trips, the hand-written test arm against an independent
# URDF-frame computation, shipped URDF robots, defect reports; and the CLI commands urdf-import/export.
maniplab_add_test(test_urdf test_urdf.cpp LIBS maniplab::urdf)
# The XML well-formedness screen before TinyXML (the heap overflow fuzz_urdf found in Debian's tinyxml).
maniplab_add_test(test_urdf_xml_screen test_urdf_xml_screen.cpp LIBS maniplab::urdf)
# URDF trees (grippers with mimic joints, two arms): chain choice, locked joints lumped; against MuJoCo
# loading the same files (Debian's libmujoco-dev, installed by install-deps.sh; located like the bench's).
maniplab_add_test(test_urdf_tree test_urdf_tree.cpp LIBS maniplab::urdf)
find_path(MANIPLAB_TEST_MUJOCO_INCLUDE_DIR mujoco/mujoco.h)
find_library(MANIPLAB_TEST_MUJOCO_LIBRARY NAMES mujoco)
if(MANIPLAB_TEST_MUJOCO_INCLUDE_DIR AND MANIPLAB_TEST_MUJOCO_LIBRARY)
  target_compile_definitions(test_urdf_tree PRIVATE MANIPLAB_TEST_HAVE_MUJOCO)
  target_include_directories(test_urdf_tree SYSTEM PRIVATE ${MANIPLAB_TEST_MUJOCO_INCLUDE_DIR})
  target_link_libraries(test_urdf_tree PRIVATE ${MANIPLAB_TEST_MUJOCO_LIBRARY})
endif()
maniplab_add_test(test_urdf_cli test_urdf_cli.cpp LIBS maniplab::urdf)
# URDF wherever a robot is loaded: check/dynamics/opcount/base-params and scenes (loadRobotAnyFormat).
maniplab_add_test(test_urdf_wiring test_urdf_wiring.cpp LIBS maniplab::sim)
add_dependencies(test_urdf_wiring maniplab-cli)
target_compile_definitions(test_urdf_wiring PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
add_dependencies(test_urdf_cli maniplab-cli)
target_compile_definitions(test_urdf_cli PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")

# Visual meshes in the Qt 3D view (STL/OBJ of the URDF test arm; relative mesh paths of robot files);
# under xvfb (Qt 3D needs a windowing platform) like tests/ui_view3d_tests.cmake.
if(TARGET maniplab::ui)
  add_executable(test_robot_view_meshes ${CMAKE_CURRENT_SOURCE_DIR}/test_robot_view_meshes.cpp)
  target_link_libraries(test_robot_view_meshes PRIVATE Qt6::Test maniplab::ui maniplab::urdf)
  target_include_directories(test_robot_view_meshes PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(test_robot_view_meshes PRIVATE MANIPLAB_SOURCE_DIR="${MANIPLAB_SOURCE_DATA_DIR}")
  find_program(MANIPLAB_XVFB_RUN xvfb-run)
  if(MANIPLAB_XVFB_RUN)
    add_test(NAME test_robot_view_meshes
             COMMAND ${MANIPLAB_XVFB_RUN} -a -s "-screen 0 1280x1024x24" $<TARGET_FILE:test_robot_view_meshes>)
    set_tests_properties(test_robot_view_meshes PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=xcb" TIMEOUT 120)
  else()
    add_test(NAME test_robot_view_meshes COMMAND test_robot_view_meshes)
    set_tests_properties(test_robot_view_meshes PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 120)
  endif()
endif()

# File > Import URDF on a tree: the chain dialog alone and through the main window, under Xvfb (the
# window holds the Qt 3D view); a screenshot of the dialog goes to the build dir's screenshots/.
if(TARGET maniplab::ui)
  add_executable(test_urdf_chain_dialog ${CMAKE_CURRENT_SOURCE_DIR}/test_urdf_chain_dialog.cpp)
  target_link_libraries(test_urdf_chain_dialog PRIVATE Qt6::Test maniplab::ui maniplab::urdf)
  target_include_directories(test_urdf_chain_dialog PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(test_urdf_chain_dialog PRIVATE MANIPLAB_SOURCE_DIR="${MANIPLAB_SOURCE_DATA_DIR}")
  find_program(MANIPLAB_XVFB_RUN xvfb-run)
  if(MANIPLAB_XVFB_RUN)
    add_test(NAME test_urdf_chain_dialog
             COMMAND ${MANIPLAB_XVFB_RUN} -a -s "-screen 0 1600x1000x24" $<TARGET_FILE:test_urdf_chain_dialog>)
    file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/screenshots)
    set_tests_properties(test_urdf_chain_dialog PROPERTIES TIMEOUT 300 ENVIRONMENT
                         "QT_QPA_PLATFORM=xcb;LC_ALL=C.UTF-8;MANIPLAB_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots")
  else()
    add_test(NAME test_urdf_chain_dialog COMMAND test_urdf_chain_dialog)
    set_tests_properties(test_urdf_chain_dialog PROPERTIES TIMEOUT 300 ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
  endif()
endif()
