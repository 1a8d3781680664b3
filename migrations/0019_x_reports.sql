CREATE TABLE `x_reports` (
	`number` integer PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`issued_at` integer NOT NULL,
	`issued_by_user_id` text NOT NULL,
	`issued_by_name` text NOT NULL,
	`report` text NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `cash_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `x_reports_session` ON `x_reports` (`session_id`,`number`);--> statement-breakpoint
CREATE TRIGGER `x_reports_no_update` BEFORE UPDATE ON `x_reports` BEGIN
  SELECT RAISE(ABORT, 'x_reports is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `x_reports_no_delete` BEFORE DELETE ON `x_reports` BEGIN
  SELECT RAISE(ABORT, 'x_reports is append-only');
END;
