# EtherCAT master, virtual drives and backend (sim/ethercat): codec, in-process bus, faults, real link.
maniplab_add_test(test_ethercat_codec test_ethercat_codec.cpp LIBS maniplab::ethercat)
maniplab_add_test(test_ethercat_bus test_ethercat_bus.cpp LIBS maniplab::ethercat)
maniplab_add_test(test_ethercat_faults test_ethercat_faults.cpp LIBS maniplab::ethercat)
# Real link (veth + namespace + tshark): skips unless root with ip and tshark; runs maniplab-cli.
maniplab_add_test(test_ethercat_veth test_ethercat_veth.cpp)
add_dependencies(test_ethercat_veth maniplab-cli)
target_compile_definitions(test_ethercat_veth PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
set_tests_properties(test_ethercat_veth PROPERTIES TIMEOUT 300 RUN_SERIAL TRUE)
