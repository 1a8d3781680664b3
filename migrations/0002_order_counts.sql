CREATE TABLE `order_counts` (
	`event_id` text NOT NULL,
	`status` text NOT NULL,
	`payment_status` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`event_id`, `status`, `payment_status`)
);
