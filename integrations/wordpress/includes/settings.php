<?php
/**
 * Settings -> Kasuwa: the origin the widgets come from and the site's partner code, checked as the
 * Kasuwa API checks them (docs/embed-cms.md). A refused value keeps the previous one and says why.
 * The origin's script runs on every page with a widget, so only a user who may publish scripts
 * (unfiltered_html: on a network, its Super Admins) changes it, and only to an https origin.
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

final class Kasuwa_Settings {
	const ORIGIN         = 'kasuwa_origin';
	const PARTNER        = 'kasuwa_partner';
	const PARTNER_LINK   = 'kasuwa_partner_link';
	const DEFAULT_ORIGIN = 'https://kasuwa.shop';
	/** The API keeps at most this many characters of a partner code (server/signups/signups.ts). */
	const PARTNER_MAX = 512;

	public static function register(): void {
		add_action( 'admin_init', array( self::class, 'register_settings' ) );
		add_action( 'admin_menu', array( self::class, 'add_page' ) );
	}

	/** The widget origin, e.g. https://kasuwa.shop (no trailing slash). */
	public static function origin(): string {
		$origin = self::clean_origin( (string) get_option( self::ORIGIN, self::DEFAULT_ORIGIN ) );
		return null === $origin ? self::DEFAULT_ORIGIN : $origin;
	}

	public static function partner(): string {
		$partner = self::clean_partner( (string) get_option( self::PARTNER, '' ) );
		return null === $partner ? '' : $partner;
	}

	/** Our partner programme page, where a partner joins (and asks for a new link: its `#new-link` form). */
	public static function programme_page(): string {
		return self::origin() . '/partners/join';
	}

	/** The partner's signed link to their own counts (docs/partners.md), or ''. */
	public static function partner_link(): string {
		$link = self::clean_partner_link( (string) get_option( self::PARTNER_LINK, '' ) );
		return null === $link ? '' : $link;
	}

	/**
	 * A link as partners:link prints it: https (http only on a loopback host: the token must not travel
	 * in clear), a /partners path (any language prefix) and its t=, nothing else (no credentials, no
	 * fragment, no backslash: every URL parser reads the same host); '' for none, null when refused.
	 */
	public static function clean_partner_link( string $value ): ?string {
		$value = trim( $value );
		if ( '' === $value ) {
			return '';
		}
		if ( ! preg_match( '#^https?://[^/?\#@\s\\\\]+(/[a-z]{2,3})?/partners\?t=[A-Za-z0-9_.-]+$#i', $value ) ) {
			return null;
		}
		$parts = wp_parse_url( $value );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) ) {
			return null;
		}
		$scheme = strtolower( $parts['scheme'] ?? '' );
		if ( 'https' !== $scheme && ! ( 'http' === $scheme && self::is_loopback( $parts['host'] ) ) ) {
			return null;
		}
		if ( ! preg_match( '#^(/[a-z]{2,3})?/partners$#', $parts['path'] ?? '' ) || ! preg_match( '/^t=[A-Za-z0-9_.-]+$/', $parts['query'] ?? '' ) ) {
			return null;
		}
		return $value;
	}

	/**
	 * An https origin without path, query or credentials; http only on a loopback host (localhost,
	 * 127.x, [::1]: a development server on the reader's own machine, which browsers count as secure);
	 * null for anything else.
	 */
	public static function clean_origin( string $value ): ?string {
		$value = trim( $value );
		if ( ! preg_match( '#^https?://[^/?\#@\s]+/?$#i', $value ) ) {
			return null;
		}
		$parts = wp_parse_url( $value );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) ) {
			return null;
		}
		$scheme = strtolower( $parts['scheme'] ?? '' );
		$host   = strtolower( $parts['host'] );
		if ( 'https' !== $scheme && ! ( 'http' === $scheme && self::is_loopback( $host ) ) ) {
			return null;
		}
		$origin = $scheme . '://' . $host;
		return isset( $parts['port'] ) ? $origin . ':' . (int) $parts['port'] : $origin;
	}

	/** The origin a URL is on: scheme://host, with :port unless it is the scheme's own; null without a host. */
	public static function origin_of( string $url ): ?string {
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) ) {
			return null;
		}
		$scheme = strtolower( $parts['scheme'] ?? '' );
		$origin = $scheme . '://' . strtolower( $parts['host'] );
		$port   = isset( $parts['port'] ) ? (int) $parts['port'] : 0;
		return 0 === $port || ( 'https' === $scheme ? 443 : 80 ) === $port ? $origin : $origin . ':' . $port;
	}

	/** Whether a link is on the widget origin: same scheme, host and port. */
	public static function on_origin( string $link ): bool {
		return null !== self::origin_of( $link ) && self::origin_of( $link ) === self::origin_of( self::origin() );
	}

	/** localhost, 127.x or [::1]: the reader's own machine, where plain http stays on the machine. */
	public static function is_loopback( string $host ): bool {
		$host = strtolower( $host );
		return 'localhost' === $host || '[::1]' === $host || 1 === preg_match( '/^127(\.\d{1,3}){3}$/', $host );
	}

	/** Whether the current user may change the origin: one who may publish scripts anyway. */
	public static function may_change_origin(): bool {
		return current_user_can( 'unfiltered_html' );
	}

	/**
	 * The API's rules for a partner code, and for a campaign alike: trimmed; no control characters (C0,
	 * DEL, C1); at most 512 characters. '' means none; null means refused.
	 */
	public static function clean_partner( string $value ): ?string {
		$value = trim( $value );
		// Valid UTF-8 ('//u' matches nothing else) without control characters, counted in characters.
		if ( ! preg_match( '//u', $value ) || preg_match( '/[\x{0000}-\x{001f}\x{007f}-\x{009f}]/u', $value ) ) {
			return null;
		}
		return preg_match_all( '/./su', $value ) > self::PARTNER_MAX ? null : $value;
	}

	public static function register_settings(): void {
		register_setting(
			'kasuwa',
			self::ORIGIN,
			array(
				'type'              => 'string',
				'default'           => self::DEFAULT_ORIGIN,
				'sanitize_callback' => array( self::class, 'sanitize_origin' ),
			)
		);
		register_setting(
			'kasuwa',
			self::PARTNER,
			array(
				'type'              => 'string',
				'default'           => '',
				'sanitize_callback' => array( self::class, 'sanitize_partner' ),
			)
		);
		register_setting(
			'kasuwa',
			self::PARTNER_LINK,
			array(
				'type'              => 'string',
				'default'           => '',
				'sanitize_callback' => array( self::class, 'sanitize_partner_link' ),
			)
		);
		add_settings_section( 'kasuwa_main', '', '__return_false', 'kasuwa' );
		add_settings_field( self::ORIGIN, __( 'Widget origin', 'kasuwa' ), array( self::class, 'origin_field' ), 'kasuwa', 'kasuwa_main', array( 'label_for' => self::ORIGIN ) );
		add_settings_field( self::PARTNER, __( 'Partner code', 'kasuwa' ), array( self::class, 'partner_field' ), 'kasuwa', 'kasuwa_main', array( 'label_for' => self::PARTNER ) );
		add_settings_field( self::PARTNER_LINK, __( 'Your signups link', 'kasuwa' ), array( self::class, 'partner_link_field' ), 'kasuwa', 'kasuwa_main', array( 'label_for' => self::PARTNER_LINK ) );
	}

	/**
	 * The dashboard fetches the link from the server (includes/dashboard.php), so a link off the widget
	 * origin would aim WordPress at any host and port: only a user who may change the origin saves one.
	 * The origin is sanitized first (registered first), so a form that changes both compares with the new one.
	 */
	public static function sanitize_partner_link( $value ): string {
		$link = self::clean_partner_link( is_string( $value ) ? $value : '' );
		if ( null === $link ) {
			add_settings_error( self::PARTNER_LINK, 'kasuwa_partner_link', __( 'The signups link must be the https:// address Kasuwa sent you (https://kasuwa.shop/partners?t=...; http:// only for localhost); the previous value was kept.', 'kasuwa' ) );
			return self::partner_link();
		}
		if ( '' !== $link && $link !== self::partner_link() && ! self::on_origin( $link ) && ! self::may_change_origin() ) {
			add_settings_error(
				self::PARTNER_LINK,
				'kasuwa_partner_link',
				/* translators: %s: the widget origin, e.g. https://kasuwa.shop */
				sprintf( __( 'Only a user allowed to publish unfiltered HTML (on a network, a Super Admin) can save a signups link that is not on the widget origin (%s); the previous value was kept.', 'kasuwa' ), self::origin() )
			);
			return self::partner_link();
		}
		delete_transient( Kasuwa_Dashboard::TRANSIENT );
		return $link;
	}

	public static function partner_link_field(): void {
		$join = self::programme_page();
		printf(
			'<input type="url" class="large-text code" id="%1$s" name="%1$s" value="%2$s"><p class="description">%3$s</p><p class="description">%4$s</p>',
			esc_attr( self::PARTNER_LINK ),
			esc_attr( self::partner_link() ),
			esc_html__( 'The private link Kasuwa sent you to see your signups: with it, the dashboard shows them in the "Kasuwa signups" box. Only administrators see it.', 'kasuwa' ),
			sprintf(
				/* translators: %s: the link to Kasuwa's partner programme page. */
				esc_html__( 'No partner code or link yet? Join the Kasuwa partner programme: %s', 'kasuwa' ),
				'<a href="' . esc_url( $join ) . '">' . esc_html( $join ) . '</a>'
			)
		);
	}

	public static function sanitize_origin( $value ): string {
		$origin = self::clean_origin( is_string( $value ) ? $value : '' );
		if ( $origin === self::origin() ) {
			return $origin;
		}
		if ( ! self::may_change_origin() ) {
			add_settings_error( self::ORIGIN, 'kasuwa_origin', __( 'Only a user allowed to publish unfiltered HTML (on a network, a Super Admin) can change the widget origin.', 'kasuwa' ) );
			return self::origin();
		}
		if ( null === $origin ) {
			add_settings_error( self::ORIGIN, 'kasuwa_origin', __( 'The widget origin must be an https:// address with nothing after the host (e.g. https://kasuwa.shop); the previous value was kept.', 'kasuwa' ) );
			return self::origin();
		}
		return $origin;
	}

	public static function sanitize_partner( $value ): string {
		$partner = self::clean_partner( is_string( $value ) ? $value : '' );
		if ( null === $partner ) {
			add_settings_error( self::PARTNER, 'kasuwa_partner', __( 'The partner code must be at most 512 characters, without line breaks, tabs or other control characters; the previous value was kept.', 'kasuwa' ) );
			return self::partner();
		}
		return $partner;
	}

	public static function add_page(): void {
		add_options_page( __( 'Kasuwa', 'kasuwa' ), __( 'Kasuwa', 'kasuwa' ), 'manage_options', 'kasuwa', array( self::class, 'render_page' ) );
	}

	public static function origin_field(): void {
		$locked = ! self::may_change_origin();
		printf(
			'<input type="url" class="regular-text code" id="%1$s" name="%1$s" value="%2$s"%3$s><p class="description">%4$s</p>',
			esc_attr( self::ORIGIN ),
			esc_attr( self::origin() ),
			$locked ? ' readonly' : '',
			$locked
				? esc_html__( 'Only a user allowed to publish unfiltered HTML (on a network, a Super Admin) can change the widget origin.', 'kasuwa' )
				: esc_html__( 'Where the widgets and their forms live. Leave it as https://kasuwa.shop unless Kasuwa tells you otherwise.', 'kasuwa' )
		);
	}

	public static function partner_field(): void {
		printf(
			'<input type="text" class="regular-text code" id="%1$s" name="%1$s" value="%2$s" maxlength="512"><p class="description">%3$s</p>',
			esc_attr( self::PARTNER ),
			esc_attr( self::partner() ),
			esc_html__( 'Stored with every signup made through this site\'s widgets; a block or shortcode can name another one (partner="...").', 'kasuwa' )
		);
	}

	public static function render_page(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1><form action="options.php" method="post">';
		settings_fields( 'kasuwa' );
		do_settings_sections( 'kasuwa' );
		submit_button();
		$blocks = array_map( fn ( $block ) => $block->title, array_filter( WP_Block_Type_Registry::get_instance()->get_all_registered(), fn ( $block ) => str_starts_with( $block->name, 'kasuwa/' ) ) );
		echo '</form><p>' . esc_html(
			sprintf(
				/* translators: 1: the blocks' titles, 2: the shortcodes, 3: their optional attributes */
				__( 'Blocks: %1$s. Shortcodes: %2$s, each with these optional attributes: %3$s.', 'kasuwa' ),
				implode( ', ', $blocks ),
				'[kasuwa_signup], [kasuwa_rank_checker], [kasuwa_pricing period="monthly"], [kasuwa_start_selling]',
				'partner="...", campaign="...", lang="en|pcm|ha|yo|ig"'
			)
		) . '</p></div>';
	}
}
