//! Home pages, notifications and the shell as each role sees them: bad input, every role, and nothing stored lost.
