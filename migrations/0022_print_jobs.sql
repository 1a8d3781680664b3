CREATE TABLE `print_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`payload` blob NOT NULL,
	`state` text NOT NULL,
	`attempts` integer NOT NULL,
	`last_error` text,
	`created_by_name` text NOT NULL,
	`created_at` integer NOT NULL,
	`printed_at` integer
);
--> statement-breakpoint
CREATE INDEX `print_jobs_state` ON `print_jobs` (`state`,`id`);