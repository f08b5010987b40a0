-- Reserved for a session working on this change; replaced by its statements.
SELECT 1;
