CREATE TABLE `cash_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`at` integer NOT NULL,
	`kind` text NOT NULL,
	`method` text NOT NULL,
	`amount` integer NOT NULL,
	`rounding` integer DEFAULT 0 NOT NULL,
	`order_id` text,
	`category_name` text,
	`reference` text,
	`reason` text,
	`user_id` text NOT NULL,
	`user_name` text NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `cash_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cash_entries_session` ON `cash_entries` (`session_id`,`at`);--> statement-breakpoint
CREATE INDEX `cash_entries_at` ON `cash_entries` (`at`);--> statement-breakpoint
CREATE TABLE `cash_reports` (
	`number` integer PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`issued_at` integer NOT NULL,
	`report` text NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `cash_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cash_reports_session_id_unique` ON `cash_reports` (`session_id`);--> statement-breakpoint
CREATE TABLE `cash_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`cashier_user_id` text NOT NULL,
	`cashier_name` text NOT NULL,
	`status` text NOT NULL,
	`opening_count` text NOT NULL,
	`opening_float` integer NOT NULL,
	`opened_at` integer NOT NULL,
	`closing_count` text,
	`counted_cash` integer,
	`expected_cash` integer,
	`counted_at` integer,
	`closed_at` integer,
	`approved_by_user_id` text,
	`approved_by_name` text,
	`approval_reason` text,
	FOREIGN KEY (`cashier_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cash_sessions_one_unclosed` ON `cash_sessions` (`cashier_user_id`) WHERE status <> 'closed';--> statement-breakpoint
CREATE INDEX `cash_sessions_opened` ON `cash_sessions` (`opened_at`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`order_id` text PRIMARY KEY NOT NULL,
	`session_id` text,
	`method` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`reference` text,
	`approved_by_user_id` text NOT NULL,
	`approved_by_name` text NOT NULL,
	`refunded_by_user_id` text NOT NULL,
	`refunded_by_name` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`session_id`) REFERENCES `cash_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `rounding` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Append-only: an issued Z report and a session's money entries are neither changed nor removed
-- (added by hand after generation, like audit_log's in 0008).
CREATE TRIGGER `cash_reports_no_update` BEFORE UPDATE ON `cash_reports` BEGIN
  SELECT RAISE(ABORT, 'cash_reports is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `cash_reports_no_delete` BEFORE DELETE ON `cash_reports` BEGIN
  SELECT RAISE(ABORT, 'cash_reports is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `cash_entries_no_update` BEFORE UPDATE ON `cash_entries` BEGIN
  SELECT RAISE(ABORT, 'cash_entries is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `cash_entries_no_delete` BEFORE DELETE ON `cash_entries` BEGIN
  SELECT RAISE(ABORT, 'cash_entries is append-only');
END;
