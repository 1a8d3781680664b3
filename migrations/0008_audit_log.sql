CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`action` text NOT NULL,
	`actor_user_id` text,
	`actor_name` text,
	`credential` text NOT NULL,
	`api_key_id` text,
	`api_key_name` text,
	`address` text,
	`event_id` text,
	`subject_id` text,
	`details` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_event_at` ON `audit_log` (`event_id`,`at`);--> statement-breakpoint
-- Append-only: an entry, once written, is neither changed nor removed (added by hand after generation).
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
