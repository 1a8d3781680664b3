ALTER TABLE `outbox` ADD `lookalike` text;--> statement-breakpoint
CREATE INDEX `outbox_lookalike` ON `outbox` (`lookalike`);