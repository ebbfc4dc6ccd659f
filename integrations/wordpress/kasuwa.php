<?php
/**
 * Plugin Name:       Kasuwa widgets
 * Plugin URI:        https://kasuwa.shop/widgets
 * Description:       The Kasuwa signup form, store rank checker, pricing plans and start-selling button as blocks and shortcodes, with your partner code, for every role that writes posts.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            Kasuwa
 * License:           MIT
 * Text Domain:       kasuwa
 * Domain Path:       /languages
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

const KASUWA_PLUGIN_FILE = __FILE__;

require_once __DIR__ . '/includes/i18n.php';
require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/markup.php';
require_once __DIR__ . '/includes/widgets.php';
require_once __DIR__ . '/includes/loader.php';
require_once __DIR__ . '/includes/kses.php';
require_once __DIR__ . '/includes/dashboard.php';

Kasuwa_I18n::register();
Kasuwa_Settings::register();
Kasuwa_Widgets::register();
Kasuwa_Loader::register();
Kasuwa_Kses::register();
Kasuwa_Dashboard::register();
