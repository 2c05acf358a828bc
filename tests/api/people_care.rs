//! People, families and sign-in as a school uses them: bad input, every role, and nothing stored lost.
