# teach2 (issues 8 and 6): operational-space controller in scenes, energy/friction work channels,
# guided sequential identification (sim + CLI).
maniplab_add_test(test_teach2_sim test_teach2_sim.cpp LIBS maniplab::sim)
add_dependencies(test_teach2_sim maniplab-cli)
target_compile_definitions(test_teach2_sim PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
# The conservation panel and the guided sequential identification dialog (offscreen).
maniplab_add_test(test_conservation_panel test_conservation_panel.cpp LIBS maniplab::ui)
maniplab_add_test(test_sequential_identification_dialog test_sequential_identification_dialog.cpp LIBS maniplab::ui)
