-- Reserved for issue 34: written by hand (see docs/decisions/0004), filled in by the session that builds it.
SELECT 1;
