-- Reserved for a change in progress; replaced by its real statements when it lands.
SELECT 1;
