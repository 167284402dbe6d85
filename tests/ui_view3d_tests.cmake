# The Qt 3D robot view. Qt 3D needs a real OpenGL context: the test runs under xvfb (xcb platform,
# Mesa's software renderer) rather than the offscreen platform used by maniplab_add_test.
if(TARGET maniplab::ui)
  add_executable(test_robot_view ${CMAKE_CURRENT_SOURCE_DIR}/test_robot_view.cpp)
  target_link_libraries(test_robot_view PRIVATE Qt6::Test maniplab::ui)
  target_include_directories(test_robot_view PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(test_robot_view PRIVATE MANIPLAB_SOURCE_DIR="${MANIPLAB_SOURCE_DATA_DIR}")
  find_program(MANIPLAB_XVFB_RUN xvfb-run)
  if(MANIPLAB_XVFB_RUN)
    add_test(NAME test_robot_view
             COMMAND ${MANIPLAB_XVFB_RUN} -a -s "-screen 0 1280x1024x24" $<TARGET_FILE:test_robot_view>)
    set_tests_properties(test_robot_view PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=xcb" TIMEOUT 120)
  else()
    # Without xvfb: the scene-graph checks still run; the screenshot test skips itself offscreen.
    add_test(NAME test_robot_view COMMAND test_robot_view)
    set_tests_properties(test_robot_view PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 120)
  endif()
endif()
