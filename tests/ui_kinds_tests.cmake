# The desktop application's Orthoglide and satellite (free-floating base) scenes: the 3D view of both
# kinds, the row -> view feed and the worker runs. test_robot_view_kinds renders under xvfb (screenshots
# in MANIPLAB_SCREENSHOT_DIR, default the build dir's screenshots/) like test_robot_view; the worker test
# is offscreen.
if(TARGET maniplab::ui)
  add_executable(test_robot_view_kinds ${CMAKE_CURRENT_SOURCE_DIR}/test_robot_view_kinds.cpp)
  target_link_libraries(test_robot_view_kinds PRIVATE Qt6::Test maniplab::ui)
  target_include_directories(test_robot_view_kinds PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(test_robot_view_kinds PRIVATE MANIPLAB_SOURCE_DIR="${MANIPLAB_SOURCE_DATA_DIR}")
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/screenshots)
  find_program(MANIPLAB_XVFB_RUN xvfb-run)
  if(MANIPLAB_XVFB_RUN)
    add_test(NAME test_robot_view_kinds
             COMMAND ${MANIPLAB_XVFB_RUN} -a -s "-screen 0 1280x1024x24" $<TARGET_FILE:test_robot_view_kinds>)
    set_tests_properties(test_robot_view_kinds PROPERTIES TIMEOUT 120 ENVIRONMENT
                         "QT_QPA_PLATFORM=xcb;MANIPLAB_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots")
  else()
    add_test(NAME test_robot_view_kinds COMMAND test_robot_view_kinds)
    set_tests_properties(test_robot_view_kinds PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 120)
  endif()

  maniplab_add_test(test_worker_kinds test_worker_kinds.cpp LIBS maniplab::ui)
  set_tests_properties(test_worker_kinds PROPERTIES TIMEOUT 120)
endif()

# The Orthoglide parameter editor (offscreen; its live view is checked through the scene graph).
if(TARGET maniplab::ui)
  maniplab_add_test(test_orthoglide_editor test_orthoglide_editor.cpp LIBS maniplab::ui)
endif()
