# The control panel's trajectory form and controllers, and File > Save scene (scene writer round trip
# of every shipped serial and Orthoglide scene, failed saves, the unsaved-changes prompt; Orthoglide
# way-points, gains per actuator, controller selection, save and reopen; the satellite's fixed-control
# note), through the main window's own actions: under Xvfb like test_gui (the window holds the Qt 3D view).
if(TARGET maniplab::ui)
  add_executable(test_control_panel_scene ${CMAKE_CURRENT_SOURCE_DIR}/test_control_panel_scene.cpp)
  target_link_libraries(test_control_panel_scene PRIVATE Qt6::Test maniplab::ui nlohmann_json::nlohmann_json)
  target_compile_definitions(test_control_panel_scene PRIVATE MANIPLAB_SOURCE_DIR="${MANIPLAB_SOURCE_DATA_DIR}")
  find_program(MANIPLAB_XVFB_RUN xvfb-run)
  if(MANIPLAB_XVFB_RUN)
    add_test(NAME test_control_panel_scene
             COMMAND ${MANIPLAB_XVFB_RUN} -a -s "-screen 0 1600x1000x24" $<TARGET_FILE:test_control_panel_scene>)
    set_tests_properties(test_control_panel_scene PROPERTIES TIMEOUT 300 ENVIRONMENT "QT_QPA_PLATFORM=xcb;LC_ALL=C.UTF-8")
  else()
    add_test(NAME test_control_panel_scene COMMAND test_control_panel_scene)
    set_tests_properties(test_control_panel_scene PROPERTIES TIMEOUT 300 ENVIRONMENT "QT_QPA_PLATFORM=offscreen;LC_ALL=C.UTF-8")
  endif()
endif()
