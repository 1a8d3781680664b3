CREATE TABLE `number_sequences` (
	`name` text PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `number_sequences` (`name`, `last`) SELECT 'invoice/' || `counter_name` || '/' || `year`, max(`seq`) FROM `invoices` GROUP BY `counter_name`, `year`;
--> statement-breakpoint
INSERT INTO `number_sequences` (`name`, `last`) SELECT 'z-report', max(`number`) FROM `cash_reports` HAVING count(*) > 0;
--> statement-breakpoint
INSERT INTO `number_sequences` (`name`, `last`) SELECT 'x-report', max(`number`) FROM `x_reports` HAVING count(*) > 0;
