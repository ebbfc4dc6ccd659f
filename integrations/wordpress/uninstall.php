<?php
/**
 * Removes the plugin's settings when it is deleted from Plugins: from every site of a network, since
 * each site keeps its own.
 *
 * @package Kasuwa
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

$kasuwa_clean = static function (): void {
	delete_option( 'kasuwa_origin' );
	delete_option( 'kasuwa_partner' );
	delete_option( 'kasuwa_partner_link' );
	delete_transient( 'kasuwa_partner_counts' );
};

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $kasuwa_site ) {
		switch_to_blog( (int) $kasuwa_site );
		$kasuwa_clean();
		restore_current_blog();
	}
} else {
	$kasuwa_clean();
}
