// SegueMath: geometry, timing curves, springs, decay and rubber banding as pure
// values. Time is always an argument; nothing here reads a clock or does I/O.
// Geometry/ holds points, rects, affine transforms, anchor points, aspect fit and
// fill, and the seeds' transform helpers; Corners/ holds rounded-rect outlines.
