# EtherCAT master, virtual drives and backend (sim/ethercat): codec, in-process bus, faults, CLI, real link.
# The in-process tests run a real bus cycle (SCHED_FIFO threads when permitted): RUN_SERIAL keeps other
# tests' load off them; a run the scheduler spoils is retried once inside the test (test::retryOnTiming).
maniplab_add_test(test_ethercat_codec test_ethercat_codec.cpp LIBS maniplab::ethercat)
# CoE mailbox and SII codecs against hand-written specification bytes.
maniplab_add_test(test_ethercat_coe test_ethercat_coe.cpp LIBS maniplab::ethercat)
# The virtual drives seen by a minimal master written from the codecs (frames processed in the test's thread).
maniplab_add_test(test_ethercat_virtual_drive test_ethercat_virtual_drive.cpp LIBS maniplab::ethercat)
maniplab_add_test(test_ethercat_bus test_ethercat_bus.cpp LIBS maniplab::ethercat)
maniplab_add_test(test_ethercat_faults test_ethercat_faults.cpp LIBS maniplab::ethercat)
set_tests_properties(test_ethercat_bus test_ethercat_faults PROPERTIES RUN_SERIAL TRUE TIMEOUT 300)
# maniplab-cli's EtherCAT commands (run --in-process, degraded realtime, ecat-sim/ecat-scan over veth as root).
maniplab_add_test(test_ethercat_cli test_ethercat_cli.cpp LIBS maniplab::ethercat)
add_dependencies(test_ethercat_cli maniplab-cli)
target_compile_definitions(test_ethercat_cli PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
set_tests_properties(test_ethercat_cli PROPERTIES TIMEOUT 300 RUN_SERIAL TRUE)
# Real link (veth + namespace + tshark): skips unless root with ip and tshark; runs maniplab-cli.
maniplab_add_test(test_ethercat_veth test_ethercat_veth.cpp LIBS maniplab::ethercat)
add_dependencies(test_ethercat_veth maniplab-cli)
target_compile_definitions(test_ethercat_veth PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
set_tests_properties(test_ethercat_veth PROPERTIES TIMEOUT 300 RUN_SERIAL TRUE)
