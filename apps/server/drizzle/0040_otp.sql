-- Decision 0063: a check updates its OTP request (attempts, then the approval) and a send report its send
-- row (sent, delivered); neither changes an indexed column, so both can be HOT updates (no new index
-- entries) when the row's page has room. At the default fill factor of 100 the pages are full. New pages
-- keep 30 % free for those versions; the counters (the same rows bumped by every send) keep half.
ALTER TABLE "otp_requests" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "otp_sends" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "otp_counters" SET (fillfactor = 50);
