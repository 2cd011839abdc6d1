//! (in progress) A generated game of any size, for benchmarks and scale tests.
