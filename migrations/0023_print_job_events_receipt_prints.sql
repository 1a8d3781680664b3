ALTER TABLE `print_jobs` ADD `event_id` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `receipt_prints` integer DEFAULT 0 NOT NULL;