<?php
/**
 * Removes the plugin's settings when it is deleted from Plugins.
 *
 * @package Kasuwa
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'kasuwa_origin' );
delete_option( 'kasuwa_partner' );
delete_option( 'kasuwa_partner_link' );
delete_transient( 'kasuwa_partner_counts' );
