#pragma once
// MANIPLAB_TEST_SANITIZED is defined when the test is compiled with AddressSanitizer, ThreadSanitizer or
// MemorySanitizer (GCC defines __SANITIZE_ADDRESS__ / __SANITIZE_THREAD__; Clang answers __has_feature).
// Under a sanitizer its runtime owns malloc and free, keeps freed memory in a quarantine and maps shadow
// memory: tests that replace the allocator or bound the resident memory check that only without one.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MANIPLAB_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define MANIPLAB_TEST_SANITIZED 1
#endif
#endif
