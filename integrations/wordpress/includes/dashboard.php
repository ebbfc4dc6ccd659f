<?php
/**
 * The wp-admin dashboard widget "Kasuwa signups" (docs/partners.md): the partner's own counts, fetched
 * server-side from the signed link in Settings -> Kasuwa (format=json) and kept in a transient with only
 * what the widget shows, dated. A fetch, good or failed, is not tried again for 10 minutes; a failure
 * shows the last good numbers with their date, or one plain sentence, never a PHP warning.
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

final class Kasuwa_Dashboard {
	const TRANSIENT = 'kasuwa_partner_counts';
	/** Seconds between two fetches, after a good one or a failed one. */
	const CACHE_SECONDS = 600;
	/** How long the last good numbers are kept to show when Kasuwa does not answer. */
	const KEEP_SECONDS = 30 * DAY_IN_SECONDS;

	public static function register(): void {
		add_action( 'wp_dashboard_setup', array( self::class, 'add_widget' ) );
	}

	public static function add_widget(): void {
		if ( ! current_user_can( 'manage_options' ) || '' === Kasuwa_Settings::partner_link() ) {
			return;
		}
		wp_add_dashboard_widget( 'kasuwa_signups', __( 'Kasuwa signups', 'kasuwa' ), array( self::class, 'render' ) );
	}

	/**
	 * What the widget shows for the link: `counts` (this week, last week, all time, the weeks' bars; null
	 * if never had), `as_of` (when fetched) and `failed` (the latest fetch failed). The transient names
	 * the link by a hash only: the link itself is a secret kept in the settings alone.
	 */
	public static function state( string $link ): array {
		$key    = hash( 'sha256', $link );
		$cached = get_transient( self::TRANSIENT );
		$state  = is_array( $cached ) && ( $cached['link'] ?? '' ) === $key
			? $cached
			: array( 'link' => $key, 'counts' => null, 'as_of' => null, 'failed' => false, 'next' => 0 );
		if ( time() < (int) $state['next'] ) {
			return $state;
		}
		$counts          = self::fetch( $link );
		$state['next']   = time() + self::CACHE_SECONDS;
		$state['failed'] = null === $counts;
		if ( null !== $counts ) {
			$state['counts'] = $counts;
			$state['as_of']  = time();
		}
		set_transient( self::TRANSIENT, $state, self::KEEP_SECONDS );
		return $state;
	}

	/** The link's JSON (docs/partners.md) cut to what the widget shows, or null when it could not be had. */
	private static function fetch( string $link ): ?array {
		$host = strtolower( (string) wp_parse_url( $link, PHP_URL_HOST ) );
		$port = (int) wp_parse_url( $link, PHP_URL_PORT );
		// wp_safe_remote_get refuses loopback and private addresses and ports other than 80, 443 and 8080:
		// it guards against requests forged towards the site's own network. The configured Kasuwa host is
		// the one such address we mean to reach (Settings -> Kasuwa; localhost during development), so for
		// this one request, and for its host only, it is let through. Redirects are not followed.
		$external = static function ( $is_external, $request_host ) use ( $host ) {
			return $is_external || strtolower( (string) $request_host ) === $host;
		};
		$ports = static function ( $allowed, $request_host ) use ( $host, $port ) {
			return $port && strtolower( (string) $request_host ) === $host ? array_merge( (array) $allowed, array( $port ) ) : $allowed;
		};
		add_filter( 'http_request_host_is_external', $external, 10, 2 );
		add_filter( 'http_allowed_safe_ports', $ports, 10, 2 );
		try {
			$response = wp_safe_remote_get(
				add_query_arg( 'format', 'json', $link ),
				array(
					'timeout'     => 5,
					'redirection' => 0,
				)
			);
		} finally {
			remove_filter( 'http_request_host_is_external', $external, 10 );
			remove_filter( 'http_allowed_safe_ports', $ports, 10 );
		}
		if ( is_wp_error( $response ) || 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
			return null;
		}
		$report = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( ! is_array( $report ) || ! isset( $report['thisWeek']['signups'], $report['lastWeek']['signups'], $report['allTime'] ) || ! is_array( $report['weeks'] ?? null ) ) {
			return null;
		}
		$weeks = array();
		foreach ( $report['weeks'] as $week ) {
			$weeks[] = array(
				'week'    => (string) ( $week['week'] ?? '' ),
				'signups' => (int) ( $week['signups'] ?? 0 ),
			);
		}
		return array(
			'thisWeek' => (int) $report['thisWeek']['signups'],
			'lastWeek' => (int) $report['lastWeek']['signups'],
			'allTime'  => (int) $report['allTime'],
			'weeks'    => $weeks,
		);
	}

	public static function render(): void {
		$state  = self::state( Kasuwa_Settings::partner_link() );
		$counts = $state['counts'];
		if ( null === $counts ) {
			echo '<p>' . esc_html__( 'Your Kasuwa numbers cannot be shown right now: the link was refused or Kasuwa did not answer. Try again later, or ask Kasuwa for a new link.', 'kasuwa' ) . '</p>';
			return;
		}
		$figures = array(
			__( 'This week', 'kasuwa' ) => $counts['thisWeek'],
			__( 'Last week', 'kasuwa' ) => $counts['lastWeek'],
			__( 'All time', 'kasuwa' )  => $counts['allTime'],
		);
		echo '<dl class="kasuwa-figures">';
		foreach ( $figures as $label => $value ) {
			echo '<dt>' . esc_html( $label ) . '</dt><dd>' . esc_html( number_format_i18n( $value ) ) . '</dd>';
		}
		echo '</dl>';
		self::chart( $counts['weeks'] );
		$when = wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) $state['as_of'] );
		$note = $state['failed']
			? __( 'Kasuwa did not answer just now: these are the numbers as of %s.', 'kasuwa' )
			: __( 'As of %s.', 'kasuwa' );
		echo '<p class="kasuwa-as-of">' . esc_html( sprintf( $note, $when ) ) . '</p>';
	}

	/** The weeks as bars, drawn here (no script), with the numbers in the bars' titles. */
	private static function chart( array $weeks ): void {
		$most = 0;
		foreach ( $weeks as $week ) {
			$most = max( $most, $week['signups'] );
		}
		$count = max( 1, count( $weeks ) );
		$step  = 260 / $count;
		$title = __( 'Signups per week, last 26 weeks', 'kasuwa' );
		printf( '<svg viewBox="0 0 260 80" width="100%%" role="img" aria-label="%s">', esc_attr( $title ) );
		foreach ( array_values( $weeks ) as $i => $week ) {
			$height = $most ? (int) round( 70 * $week['signups'] / $most ) : 0;
			printf(
				'<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#0b6e4f"><title>%s</title></rect>',
				$i * $step + 1,
				75 - $height,
				max( 1, $step - 2 ),
				$height,
				esc_html( sprintf( '%s: %s', $week['week'], number_format_i18n( $week['signups'] ) ) )
			);
		}
		echo '<line x1="0" x2="260" y1="75" y2="75" stroke="#64748b"></line></svg>';
	}
}
