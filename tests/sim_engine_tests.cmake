maniplab_add_test(test_simulation test_simulation.cpp LIBS maniplab::sim)
maniplab_add_test(test_controllers test_controllers.cpp LIBS maniplab::sim)
maniplab_add_test(test_scenes test_scenes.cpp LIBS maniplab::sim)
