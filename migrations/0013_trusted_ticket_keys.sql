CREATE TABLE `trusted_ticket_keys` (
	`kid` text PRIMARY KEY NOT NULL,
	`x` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
