//! The journal as teachers, students and parents use it: bad input, every role, and nothing stored lost.
