// SegueMath: geometry, timing curves, springs, decay and rubber banding as pure
// values. Time is always an argument; nothing here reads a clock or does I/O.
// The motion-math issue fills this module; the service spine needs none of it yet.
